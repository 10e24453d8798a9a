/// A TOML date, time or date-time (RFC 3339 as TOML 1.0.0 takes it): an
/// offset date-time (`1979-05-27T07:32:00-07:00`), a local date-time
/// (`1979-05-27T07:32:00`), a local date (`1979-05-27`) or a local time
/// (`07:32:00.999`).
///
/// Kept as validated parts, not as an instant: no key of ReFocus takes
/// one, and a reader that needs one decides what a local value means. The
/// fraction of a second is kept as its digits, so nothing is rounded.
public struct TOMLDateTime: Sendable, Equatable, CustomStringConvertible {
    /// A day of the calendar.
    public struct CalendarDate: Sendable, Equatable {
        /// The year, 0 to 9999.
        public let year: Int
        /// The month, 1 to 12.
        public let month: Int
        /// The day of the month, 1 to 31 (as the month has).
        public let day: Int
    }

    /// A time of day.
    public struct TimeOfDay: Sendable, Equatable {
        /// The hour, 0 to 23.
        public let hour: Int
        /// The minute, 0 to 59.
        public let minute: Int
        /// The second, 0 to 60 (a leap second).
        public let second: Int
        /// The digits of the fraction of a second, as written; empty without one.
        public let fraction: String
    }

    /// The date; nil for a local time.
    public let date: CalendarDate?
    /// The time; nil for a local date.
    public let time: TimeOfDay?
    /// The offset from UTC in minutes (`Z`: 0); nil for a local value.
    public let offsetMinutes: Int?

    /// The value in RFC 3339's form: `T` between the date and the time, `Z` for a zero offset.
    public var description: String {
        func padded(_ number: Int, _ width: Int) -> String {
            let digits = String(number)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        var text = date.map { "\(padded($0.year, 4))-\(padded($0.month, 2))-\(padded($0.day, 2))" } ?? ""
        if let time {
            if date != nil { text += "T" }
            text += "\(padded(time.hour, 2)):\(padded(time.minute, 2)):\(padded(time.second, 2))"
            if !time.fraction.isEmpty { text += "." + time.fraction }
        }
        if let offsetMinutes {
            let magnitude = abs(offsetMinutes)
            text +=
                offsetMinutes == 0
                ? "Z"
                : (offsetMinutes < 0 ? "-" : "+") + "\(padded(magnitude / 60, 2)):\(padded(magnitude % 60, 2))"
        }
        return text
    }
}
