#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How stats see time: the time zone whose midnights divide the days, and
/// the weekday a week starts on. The caller finds both (the machine's zone,
/// the locale's week); the core reads no clock and no environment.
public struct FocusCalendar: Sendable, Equatable {
    /// The zone whose local days stats count in.
    public var timeZone: LocalZone
    /// The first day of a week, as `Calendar` numbers weekdays: 1 Sunday, 2 Monday, … 7 Saturday.
    public var firstWeekday: Int

    /// A calendar; a `firstWeekday` outside 1...7 is taken as Monday.
    public init(timeZone: LocalZone, firstWeekday: Int = 2) {
        self.timeZone = timeZone
        self.firstWeekday = (1...7).contains(firstWeekday) ? firstWeekday : 2
    }

    /// The weekdays in this calendar's week order, as `Calendar` numbers them.
    public var weekdays: [Int] {
        (0..<7).map { (firstWeekday - 1 + $0) % 7 + 1 }
    }

    /// The local day `date` falls on.
    public func day(of date: Date) -> LocalDay {
        timeZone.day(of: date)
    }

    /// The first instant of the local day `date` falls on (`Calendar.startOfDay(for:)`).
    func startOfDay(for date: Date) -> Date {
        timeZone.start(of: day(of: date))
    }
}
