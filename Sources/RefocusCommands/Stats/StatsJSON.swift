#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RefocusCore

/// `refocus stats --json`: one object with stable keys (listed in the man
/// page's JSON OUTPUT and docs/user-guide.md); keys are only ever added. Without a readable history it
/// holds `error` and the settings, no figures. `allowanceUse` (an `AllowanceUseDay` per list and
/// day) only when the caller's daily allowances were used in the period; `machines` and
/// `skippedHistory` only with `--all-machines` (and skipped files or lines).
struct StatsJSON: Encodable {
    let report: StatsReport
    /// `--since` as an instant.
    let since: Date?
    /// Why the history could not be read.
    let error: String?
    /// With `--all-machines`, the other machines' files or lines skipped.
    var skippedHistory: [String] = []

    private enum Key: String, CodingKey {
        case today, weekStart, timeZone, firstWeekday, streakMinimum, since, error
        case todaySeconds, weekSeconds, totalSeconds, sessions, completed, stopped, cleared, emergency
        case currentStreak, longestStreak, streakIncludesToday, milestonesReached, nextMilestone, daysToNextMilestone
        case blockedAttempts, programsKilled, blockedSessions, blockedByList, days, by, groups, allowanceUse
        case machines, skippedHistory
    }

    /// A machine's figures with `--all-machines`.
    private struct Machine: Encodable {
        let group: FocusGroup

        private enum Key: String, CodingKey { case machine, focusedSeconds, sessions }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(group.name ?? "", forKey: .machine)
            try container.encode(group.focusedSeconds, forKey: .focusedSeconds)
            try container.encode(group.sessions, forKey: .sessions)
        }
    }

    private struct Blocked: Encodable {
        let attempts: UInt64
        let programsKilled: Int
    }

    private struct Day: Encodable {
        let date: String
        let seconds: Int
        let level: Int
    }

    private struct Group: Encodable {
        let group: FocusGroup

        private enum Key: String, CodingKey { case name, focusedSeconds, sessions }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            if let name = group.name {
                try container.encode(name, forKey: .name)
            } else {
                try container.encodeNil(forKey: .name)
            }
            try container.encode(group.focusedSeconds, forKey: .focusedSeconds)
            try container.encode(group.sessions, forKey: .sessions)
        }
    }

    func encode(to encoder: any Encoder) throws {
        let stats = report.stats
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(stats.today.description, forKey: .today)
        try container.encode(stats.weekStart.description, forKey: .weekStart)
        try container.encode(report.calendar.timeZone.name, forKey: .timeZone)
        try container.encode(StatsReport.weekdayName(report.calendar.firstWeekday).lowercased(), forKey: .firstWeekday)
        try container.encode(stats.options.streakMinimumMinutes, forKey: .streakMinimum)
        try container.encodeIfPresent(since, forKey: .since)
        if let error { return try container.encode(error, forKey: .error) }
        try container.encode(stats.todaySeconds, forKey: .todaySeconds)
        try container.encode(stats.weekSeconds, forKey: .weekSeconds)
        try container.encode(stats.totalSeconds, forKey: .totalSeconds)
        try container.encode(stats.outcomes.total, forKey: .sessions)
        try container.encode(stats.outcomes.completed, forKey: .completed)
        try container.encode(stats.outcomes.stopped, forKey: .stopped)
        try container.encode(stats.outcomes.cleared, forKey: .cleared)
        // Emergency exits only when there were some: the object reads as it did before they existed.
        if stats.outcomes.emergency > 0 { try container.encode(stats.outcomes.emergency, forKey: .emergency) }
        try container.encode(stats.streak.current, forKey: .currentStreak)
        try container.encode(stats.streak.longest, forKey: .longestStreak)
        try container.encode(stats.streak.includesToday, forKey: .streakIncludesToday)
        try container.encode(stats.milestonesReached, forKey: .milestonesReached)
        if let next = stats.nextMilestone {
            try container.encode(next, forKey: .nextMilestone)
            try container.encode(next - stats.streak.current, forKey: .daysToNextMilestone)
        }
        try container.encode(stats.blocked.total.attempts, forKey: .blockedAttempts)
        try container.encode(stats.blocked.total.programsKilled, forKey: .programsKilled)
        try container.encode(stats.blocked.sessionsRecorded, forKey: .blockedSessions)
        let lists = stats.blocked.byList.map {
            (
                $0.key.rawValue,
                Blocked(
                    attempts: $0.value.attempts,
                    programsKilled: $0.value.programsKilled)
            )
        }
        try container.encode(Dictionary(uniqueKeysWithValues: lists), forKey: .blockedByList)
        try container.encode(
            stats.days.map {
                Day(
                    date: $0.day.description, seconds: $0.seconds,
                    level: FocusHeatmap.level(seconds: $0.seconds))
            }, forKey: .days)
        if let groups = report.groups {
            try container.encode(groups.by.rawValue, forKey: .by)
            try container.encode(groups.groups.map(Group.init(group:)), forKey: .groups)
        }
        // The allowances' use only when there was some: the object reads as it did before they existed.
        if !report.usedAllowances.isEmpty { try container.encode(report.usedAllowances, forKey: .allowanceUse) }
        // With --all-machines only: each machine's share, and what of the others' history was skipped.
        if let machines = report.machines {
            try container.encode(machines.map(Machine.init(group:)), forKey: .machines)
        }
        if !skippedHistory.isEmpty { try container.encode(skippedHistory, forKey: .skippedHistory) }
    }
}
