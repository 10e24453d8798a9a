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
    public func nextRuns(after now: Date, in timeZone: TimeZone, count: Int) -> [Date] {
        guard case let .times(times) = schedule, count > 0 else { return [] }
        let clock = WallClock(timeZone)
        let start = Int(now.timeIntervalSince1970.rounded(.down))
        let firstDay = Self.floorDivide(start + clock.offset(at: start), 86_400) - 1
        let minutes = times.minutesOfDay
        var runs: [Int] = []
        for dayNumber in firstDay...(firstDay + 146_097) where runs.count < count {
            let day = CivilDay(daysSinceEpoch: dayNumber)
            guard times.matches(month: day.month, dayOfMonth: day.day, weekday: day.weekday) else { continue }
            var today: [Int] = []
            for minute in minutes {
                today += clock.runs(atWall: dayNumber * 86_400 + minute * 60, wildcard: times.isWildcard)
            }
            runs += today.sorted().filter { Double($0) > now.timeIntervalSince1970 }
        }
        return runs.prefix(count).map { Date(timeIntervalSince1970: Double($0)) }
    }

    /// `value / divisor` rounded towards minus infinity.
    static func floorDivide(_ value: Int, _ divisor: Int) -> Int {
        value >= 0 ? value / divisor : -((-value + divisor - 1) / divisor)
    }
}

/// A time zone's wall clock: which moments show a given local time, and
/// what cron does at a local time the clock skips or shows twice.
struct WallClock {
    let timeZone: TimeZone

    init(_ timeZone: TimeZone) {
        self.timeZone = timeZone
    }

    /// The zone's offset from UTC, in seconds, at the moment `seconds` after the epoch.
    func offset(at seconds: Int) -> Int {
        timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(seconds)))
    }

    /// The moments at which cron starts a job due at the local time `wall`
    /// (seconds since the epoch as if the zone were UTC).
    func runs(atWall wall: Int, wildcard: Bool) -> [Int] {
        // The moment showing `wall` lies within 14 hours of it; no zone changes its offset twice in 2 days.
        let offsets = Set([wall - 86_400, wall, wall + 86_400].map(offset(at:)))
        let moments = offsets.map { wall - $0 }.filter { offset(at: $0) == wall - $0 }.sorted()
        switch moments.count {
        case 0:
            // Skipped by a jump forward: cron runs it at the jump, depending on its size (cron.c's wakeupKind).
            let jump = skippedJump(over: wall, offsets: offsets)
            let minutes = (jump.to - jump.from) / 60
            return minutes < 5 || (minutes < 180 && !wildcard) ? [jump.at] : []
        case 1:
            return moments
        default:
            // Shown twice: cron does not repeat fixed-time jobs unless the clock went back 3 hours or more.
            let minutes = (moments[moments.count - 1] - moments[0]) / 60
            return wildcard || minutes > 180 ? moments : [moments[0]]
        }
    }

    /// The first moment after the jump that skips `wall`, and the offsets before and after it.
    private func skippedJump(over wall: Int, offsets: Set<Int>) -> (at: Int, from: Int, to: Int) {
        let (least, most) = (offsets.min() ?? 0, offsets.max() ?? 0)
        // The jump lies between the moments `wall` would be under each offset; find where the clock passes it.
        var (low, high) = (wall - most, wall - least)
        while low < high {
            let middle = low + (high - low) / 2
            if middle + offset(at: middle) > wall { high = middle } else { low = middle + 1 }
        }
        return (low, offset(at: low - 1), offset(at: low))
    }
}
