/// A calendar day as a person lives it (2026-03-29), whatever its length in
/// seconds: stats, streaks and the heatmap count in these.
///
/// Held as the number of days since 1970-01-01 of the proleptic Gregorian
/// calendar, so that the next day is `+ 1` and the weekday is arithmetic;
/// which instants belong to a day is `FocusDayTable`'s business.
public struct LocalDay: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Days since 1970-01-01 (negative before).
    public let number: Int

    /// The day `number` days after 1970-01-01.
    public init(number: Int) {
        self.number = number
    }

    /// The day with this year, month (1–12) and day of the month (1–31);
    /// out-of-range values roll over as in a calendar (month 13 is next January).
    public init(year: Int, month: Int, day: Int) {
        number = CivilDay.daysSinceEpoch(year: year, month: month, day: day)
    }

    /// Year, month (1–12) and day of the month (1–31).
    public var civil: (year: Int, month: Int, day: Int) {
        let civil = CivilDay(daysSinceEpoch: number)
        return (civil.year, civil.month, civil.day)
    }

    /// The weekday as `Calendar` numbers it: 1 Sunday, 2 Monday, … 7 Saturday.
    public var weekday: Int {
        CivilDay(daysSinceEpoch: number).weekday + 1
    }

    /// The day `days` later (earlier when negative).
    public func adding(days: Int) -> LocalDay {
        LocalDay(number: number + days)
    }

    /// The first day of the week this day is in, for weeks starting on `firstWeekday` (1 Sunday … 7 Saturday).
    public func weekStart(firstWeekday: Int) -> LocalDay {
        adding(days: -((weekday - firstWeekday + 7) % 7))
    }

    /// `YYYY-MM-DD`.
    public var description: String {
        let (year, month, day) = civil
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(year)-\(two(month))-\(two(day))"
    }

    public static func < (lhs: LocalDay, rhs: LocalDay) -> Bool { lhs.number < rhs.number }
}
