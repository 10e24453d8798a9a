#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads the wall-clock end of a session, as in `--until 17:30`, and turns
/// it into the next such moment after `now` in a given time zone.
public enum EndTime {
    /// The next moment strictly after `now` at which the clock in `timeZone`
    /// shows `text` (24-hour `H:MM` or `HH:MM`): today if still ahead, else
    /// tomorrow. A time skipped by a DST change becomes the next time that
    /// exists (the end of the jump), except on a day the zone skipped whole,
    /// where it is the next day's; a time that occurs twice is taken at its
    /// next occurrence.
    /// The session it makes must lie within `bounds`.
    public static func parse(
        _ text: String, now: Date, timeZone: LocalZone, bounds: SessionLengthBounds
    ) throws(DurationError) -> Date {
        let (hour, minute) = try clockTime(text)
        let today = timeZone.day(of: now)
        // Yesterday's reading may still be ahead (a zone that went back over midnight), and the day after
        // tomorrow's the next one when tomorrow is skipped whole (a zone that moved its date line).
        let occurrences = (-1...2).flatMap { days in
            let placement = timeZone.placement(
                ofWall: today.adding(days: days).number * 86_400 + hour * 3600 + minute * 60)
            if case .skipped(let jump) = placement, jump.to - jump.from >= 86_400 { return [Int]() }
            return placement.occurrences
        }
        let after = now.timeIntervalSince1970
        guard let seconds = occurrences.filter({ Double($0) > after }).min() else { throw .unplaceableTime(text) }
        let end = Date(timeIntervalSince1970: Double(seconds))
        let length = self.length(until: end, from: now)
        if length < bounds.minimum { throw .endTooSoon(text, length: length, minimum: bounds.minimum) }
        if length > bounds.maximum { throw .endTooLate(text, length: length, maximum: bounds.maximum) }
        return end
    }

    /// The session length from `now` to `end`, rounding part of a second up;
    /// zero when `end` is not after `now`.
    public static func length(until end: Date, from now: Date) -> SessionLength {
        let interval = end.timeIntervalSince(now).rounded(.up)
        return SessionLength(seconds: Int(exactly: interval) ?? (interval > 0 ? Int.max : 0))
    }

    /// Checks that `text` is a time of day, `HH:MM`, naming the bad part.
    public static func validateClock(_ text: String) throws(DurationError) {
        _ = try clockTime(text)
    }

    /// The hour (0–23) and minute (0–59) of `text` (24-hour `H:MM` or
    /// `HH:MM`), naming the bad part.
    ///
    /// - Throws: `DurationError` naming the token at fault.
    public static func clockTime(_ text: String) throws(DurationError) -> (hour: Int, minute: Int) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 else { throw .malformedTime(token: text, in: text) }
        let (hourText, minuteText) = (parts[0], parts[1])
        guard (1...2).contains(hourText.count), let hour = number(hourText) else {
            throw .malformedTime(token: String(hourText), in: text)
        }
        guard minuteText.count == 2, let minute = number(minuteText) else {
            throw .malformedTime(token: String(minuteText), in: text)
        }
        guard hour < 24 else { throw .hourOutOfRange(token: String(hourText), in: text) }
        guard minute < 60 else { throw .minuteOutOfRange(token: String(minuteText), in: text) }
        return (hour, minute)
    }

    /// The value of `digits` when it is made of ASCII digits only.
    private static func number(_ digits: Substring) -> Int? {
        digits.allSatisfy { $0.isASCII && $0.isWholeNumber } ? Int(digits) : nil
    }
}
