#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads the start of a stretch of history, as in `refocus history --since 2026-05-01`:
/// a calendar day, `today`, `yesterday`, or a time ago such as `7d`, `36h` or `90m`.
public enum SinceDate {
    /// The moment `text` names, seen from `now` in `timeZone`: `YYYY-MM-DD`,
    /// `today` and `yesterday` are the start of that day; `Nd` is N times 24
    /// hours before `now`, and a length such as `36h` or `1h30m` that long
    /// before `now` (a bare number is refused: it reads like a year). Anything
    /// else is `malformedDate`.
    public static func parse(_ text: String, now: Date, timeZone: TimeZone) throws(DurationError) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        switch text {
        case "today": return calendar.startOfDay(for: now)
        case "yesterday":
            guard let day = calendar.date(byAdding: .day, value: -1, to: now) else { throw .malformedDate(text) }
            return calendar.startOfDay(for: day)
        default: break
        }
        if let day = try day(text, calendar: calendar) { return day }
        if text.hasSuffix("d"), let days = digits(text.dropLast()), let seconds = Int(exactly: days * 86_400) {
            return now.addingTimeInterval(-Double(seconds))
        }
        // A bare number would be minutes to SessionLength; here it reads too much like a year.
        guard text.last?.isLetter == true, let length = try? SessionLength.parse(text, bounds: .unbounded) else {
            throw .malformedDate(text)
        }
        return now.addingTimeInterval(-Double(length.seconds))
    }

    /// The start of the day `YYYY-MM-DD`, nil when `text` is not of that
    /// shape, `malformedDate` when it is but names no day (`2026-02-30`).
    private static func day(_ text: String, calendar: Calendar) throws(DurationError) -> Date? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts.map(\.count) == [4, 2, 2] else { return nil }
        guard let year = digits(parts[0]), let month = digits(parts[1]), let day = digits(parts[2]) else {
            throw .malformedDate(text)
        }
        let components = DateComponents(year: year, month: month, day: day)
        guard let date = calendar.date(from: components),
              calendar.dateComponents([.year, .month, .day], from: date) == components
        else { throw .malformedDate(text) }
        return calendar.startOfDay(for: date)
    }

    /// The value of `text` when it is one to nine ASCII digits.
    private static func digits(_ text: Substring) -> Int? {
        guard (1...9).contains(text.count), text.allSatisfy({ $0.isASCII && $0.isWholeNumber }) else { return nil }
        return Int(text)
    }
}
