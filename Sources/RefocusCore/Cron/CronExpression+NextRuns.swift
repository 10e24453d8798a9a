#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension CronExpression {
    /// The next `count` moments, strictly after `now`, at which Debian's cron
    /// starts the job in `timeZone`; empty for `@reboot`, and shorter when no
    /// more runs come within 400 years.
    ///
    /// Cron runs jobs at local wall-clock minutes, and across a change of
    /// the clock's offset (daylight saving time) it does what Debian's cron
    /// (3.0pl1, cron.c and cron(8)) does:
    ///
    /// - when the clock jumps forward (Europe/Berlin's last Sunday of March:
    ///   02:00 becomes 03:00), fixed-time jobs (neither the minute nor the
    ///   hour field begins with `*`; `@daily` and the other nicknames but
    ///   `@hourly`) due in the skipped minutes run at once after the jump,
    ///   here at its first moment (03:00), once per skipped minute they
    ///   match; wildcard jobs skip those minutes. A jump of under 5 minutes
    ///   runs both kinds late; one of 3 hours or more runs neither;
    /// - when it goes back (the last Sunday of October: 03:00 becomes 02:00
    ///   again), fixed-time jobs run in the first pass through the repeated
    ///   minutes only, wildcard jobs in both; after a change of more than
    ///   3 hours both kinds run in both.
    public func nextRuns(after now: Date, in timeZone: LocalZone, count: Int) -> [Date] {
        guard case let .times(times) = schedule, count > 0 else { return [] }
        let firstDay = timeZone.day(of: now).number - 1
        let minutes = times.minutesOfDay
        var runs: [Int] = []
        for dayNumber in firstDay...(firstDay + 146_097) where runs.count < count {
            runs += Self.runs(of: times, minutes: minutes, onDay: dayNumber, in: timeZone)
                .filter { Double($0) > now.timeIntervalSince1970 }
        }
        return runs.prefix(count).map { Date(timeIntervalSince1970: Double($0)) }
    }

    /// The last moment within `span`, but for its lower bound, at which cron
    /// starts the job in `timeZone` (as `nextRuns` finds them); nil for
    /// `@reboot` or when none falls there. Walks back a day at a time from
    /// the span's end, so that a job of every minute costs one day's minutes.
    public func lastRun(in span: ClosedRange<Int>, in timeZone: LocalZone) -> Int? {
        guard case let .times(times) = schedule else { return nil }
        let minutes = times.minutesOfDay
        let lastDay = CivilDay.floorDivide(timeZone.wall(at: span.upperBound), 86_400)
        let firstDay = CivilDay.floorDivide(timeZone.wall(at: span.lowerBound), 86_400) - 1
        // A day's runs all come before the next day's (a skipped time runs at its own day's jump).
        for dayNumber in stride(from: lastDay, through: firstDay, by: -1) {
            let runs = Self.runs(of: times, minutes: minutes, onDay: dayNumber, in: timeZone)
            if let last = runs.last(where: { span.lowerBound < $0 && $0 <= span.upperBound }) { return last }
        }
        return nil
    }

    /// The moments, in order, at which cron starts a job of `times` (whose
    /// `minutesOfDay` are `minutes`) on the local day `dayNumber`.
    private static func runs(of times: CronTimes, minutes: [Int], onDay dayNumber: Int, in timeZone: LocalZone) -> [Int]
    {
        let day = CivilDay(daysSinceEpoch: dayNumber)
        guard times.matches(month: day.month, dayOfMonth: day.day, weekday: day.weekday) else { return [] }
        return minutes.flatMap { minute in
            runs(at: timeZone.placement(ofWall: dayNumber * 86_400 + minute * 60), wildcard: times.isWildcard)
        }.sorted()
    }

    /// The moments at which cron starts a job due at a local time placed so.
    static func runs(at placement: WallPlacement, wildcard: Bool) -> [Int] {
        switch placement {
        case .skipped(let jump):
            // Skipped by a jump forward: cron runs it at the jump, depending on its size (cron.c's wakeupKind).
            let minutes = (jump.to - jump.from) / 60
            return minutes < 5 || (minutes < 180 && !wildcard) ? [jump.at] : []
        case .once(let moment):
            return [moment]
        case .repeated(let first, let second):
            // Shown twice: cron does not repeat fixed-time jobs unless the clock went back 3 hours or more.
            let minutes = (second - first) / 60
            return wildcard || minutes > 180 ? [first, second] : [first]
        }
    }
}
