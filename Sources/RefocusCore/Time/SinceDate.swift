#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads the start of a stretch of history, as in `refocus history --since 2026-05-01`:
/// a calendar day, `today`, `yesterday`, or a time ago such as `7d`, `36h` or `90m`.
public enum SinceDate {
    /// The moment `text` names, seen from `now` in `timeZone`: `YYYY-MM-DD`
    /// (a day of the proleptic Gregorian calendar from year 1; one the zone
    /// skipped starts where the next one does), `today` and `yesterday` (the
    /// last day the zone had before today) are the start of that day; `Nd` is
    /// N times 24 hours before `now`, and a length such as `36h` or `1h30m`
    /// that long before `now` (a bare number is refused: it reads like a
    /// year). Anything else is `malformedDate`.
    public static func parse(_ text: String, now: Date, timeZone: LocalZone) throws(DurationError) -> Date {
        switch text {
        case "today": return timeZone.start(of: timeZone.day(of: now))
        case "yesterday":
            // The day before today's first instant: a day the zone skipped (a move of its date line) is no yesterday.
            let today = timeZone.start(of: timeZone.day(of: now))
            return timeZone.start(of: timeZone.day(of: today.addingTimeInterval(-1)))
        default: break
        }
        if let day = try day(text) { return timeZone.start(of: day) }
        if text.hasSuffix("d"), let days = digits(text.dropLast()), let seconds = Int(exactly: days * 86_400) {
            return now.addingTimeInterval(-Double(seconds))
        }
        // A bare number would be minutes to SessionLength; here it reads too much like a year.
        guard text.last?.isLetter == true, let length = try? SessionLength.parse(text, bounds: .unbounded) else {
            throw .malformedDate(text)
        }
        return now.addingTimeInterval(-Double(length.seconds))
    }

    /// The day `YYYY-MM-DD`, nil when `text` is not of that shape,
    /// `malformedDate` when it is but names no day (`2026-02-30`, year 0).
    private static func day(_ text: String) throws(DurationError) -> LocalDay? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts.map(\.count) == [4, 2, 2] else { return nil }
        guard let local = LocalDay(text: text) else { throw .malformedDate(text) }
        return local
    }

    /// The value of `text` when it is one to nine ASCII digits.
    private static func digits(_ text: Substring) -> Int? {
        guard (1...9).contains(text.count), text.allSatisfy({ $0.isASCII && $0.isWholeNumber }) else { return nil }
        return Int(text)
    }
}
