#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// When an administrator's schedule is in force: a daily range of the
/// clock, or a cron expression and a length.
///
/// Instants are seconds since the epoch; days and clock times are the
/// zone's own (`LocalZone`), so a clock change is handled here and only here:
///
/// - a range is read on the wall clock: `20:00-07:00` runs from 20:00 on a
///   day it starts on to 07:00 the next morning, however long that night is;
///   a time the clock jumps over (02:30 on the spring-forward day) falls at
///   the end of the jump, and a time it shows twice (the autumn hour) at its
///   first showing, as cron runs a fixed-time job;
/// - a cron start runs when Debian's cron would (`CronExpression.nextRuns`),
///   and its length is elapsed time.
///
/// Windows may overlap (a cron start every hour with a length of two): the
/// window in force is the one that started last, so that a later start
/// renews it and every change is either a start or the end of the window
/// in force.
public enum ScheduleTiming: Sendable, Equatable {
    /// From `startMinute` to `endMinute` (minutes since midnight) on the
    /// clock, starting on `days` (0 Sunday … 6 Saturday); the range crosses
    /// midnight when the end is not after the start.
    case daily(startMinute: Int, endMinute: Int, days: Set<Int>)
    /// At each run of `start`, for `lengthSeconds` of elapsed time.
    case cron(start: CronExpression, lengthSeconds: Int)

    /// The longest a cron start's window may last: 7 days.
    public static let maximumLengthSeconds = 7 * 86_400

    /// The window in force at `instant` (the one that started last), or nil.
    public func window(at instant: Int, zone: LocalZone) -> Range<Int>? {
        switch self {
        case let .daily(startMinute, endMinute, days):
            // A range lasts under a day on the clock (25 hours at most in time), so only the
            // windows that start on the instant's day or the two before can hold it.
            let today = CivilDay.floorDivide(zone.wall(at: instant), 86_400)
            return (today - 2...today).reversed().lazy.compactMap { day in
                Self.dailyWindow(day: day, startMinute: startMinute, endMinute: endMinute, days: days, zone: zone)
            }.first { $0.lowerBound <= instant && instant < $0.upperBound }
        case let .cron(start, length):
            guard let latest = start.lastRun(in: (instant - length)...instant, in: zone) else {
                return nil
            }
            return latest..<(latest + length)
        }
    }

    /// The first start of a window strictly after `instant`, or nil when none comes.
    public func nextStart(after instant: Int, zone: LocalZone) -> Int? {
        switch self {
        case let .daily(startMinute, endMinute, days):
            let today = CivilDay.floorDivide(zone.wall(at: instant), 86_400)
            return (today - 1...today + 8).lazy.compactMap { day in
                Self.dailyWindow(day: day, startMinute: startMinute, endMinute: endMinute, days: days, zone: zone)
            }.first { $0.lowerBound > instant }?.lowerBound
        case let .cron(start, _):
            return start.nextRuns(after: Self.date(instant), in: zone, count: 1).first.map(LocalZone.seconds(of:))
        }
    }

    /// The window of a range that starts on local day `day` (days since the
    /// epoch), or nil when it does not start that day or is empty (both
    /// ends inside one jump of the clock).
    static func dailyWindow(day: Int, startMinute: Int, endMinute: Int, days: Set<Int>, zone: LocalZone)
        -> Range<Int>?
    {
        guard days.contains(CivilDay(daysSinceEpoch: day).weekday) else { return nil }
        let endDay = endMinute > startMinute ? day : day + 1
        let start = zone.placement(ofWall: day * 86_400 + startMinute * 60).earliest
        let end = zone.placement(ofWall: endDay * 86_400 + endMinute * 60).earliest
        return start < end ? start..<end : nil
    }

    private static func date(_ seconds: Int) -> Date { Date(timeIntervalSince1970: Double(seconds)) }
}
