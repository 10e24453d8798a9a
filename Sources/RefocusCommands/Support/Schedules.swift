#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RefocusCore
import RefocusOS
import RefocusFeatures

/// What the schedule commands share: the crontab's table, the program and
/// configuration folder a new line runs with, and how run times are shown.
enum Schedules {
    /// How many run times `schedule list` and `schedule add` show.
    static let shownRuns = 3

    /// The schedules in the user's crontab.
    static func table() throws -> ScheduleTable {
        try ScheduleTable(crontab: try UserCrontab.read())
    }

    /// Replaces every line of `action` in the crontab by one at `expression`
    /// (nil: removes them), writing only when something changed; how many
    /// lines went, and the line added. For the lines ReFocus keeps one of
    /// (`sync --every`, the watcher at boot).
    static func replace(_ action: ScheduleAction, with expression: CronExpression?) throws -> (
        removed: Int, added: ScheduledLine?
    ) {
        var table = try table()
        let old = table.lines.filter { $0.entry.action == action }.map(\.entry.id)
        for id in old { table = try ScheduleTable(crontab: try table.removing(id: id)) }
        guard let expression else {
            if !old.isEmpty { try UserCrontab.write(table.crontab.original) }
            return (old.count, nil)
        }
        let line = try line(for: ScheduleEntry(id: table.nextID, expression: expression, action: action))
        try UserCrontab.write(try table.adding(line))
        return (old.count, line)
    }

    /// The line that runs `entry` with this very refocus and the user's configuration and state folders.
    static func line(for entry: ScheduleEntry) throws -> ScheduledLine {
        let environment = ProcessInfo.processInfo.environment
        // The XDG folders count only when absolute; cron's environment has none.
        func absolute(_ name: String) -> String? { environment[name].flatMap { $0.hasPrefix("/") ? $0 : nil } }
        return try ScheduledLine(
            entry: entry, program: try RunningProgram.path(),
            configHome: absolute("XDG_CONFIG_HOME"), stateHome: absolute("XDG_STATE_HOME"))
    }

    /// The next run times of `expression` in the machine's time zone.
    static func nextRuns(_ expression: CronExpression, now: Date = Date()) -> [Date] {
        expression.nextRuns(after: now, in: MachineTimeZone.current, count: shownRuns)
    }

    /// `Mon 2026-11-23 08:30 CET, …`, `at boot`, or `never`.
    static func describeRuns(_ expression: CronExpression, _ runs: [Date]) -> String {
        if case .atBoot = expression.schedule { return "at boot (when cron starts)" }
        guard !runs.isEmpty else { return "none within 400 years" }
        return runs.map { date in
            let local = LocalTime(date)
            return "\(local.weekday) \(local.day) \(local.clock) \(local.zone)"
        }.joined(separator: ", ")
    }

    /// Completion candidates: the numbers of the schedules in the crontab.
    @Sendable static func completeIDs(_: [String], _: Int, _ prefix: String) -> [String] {
        ((try? table().lines) ?? []).map { "\($0.entry.id)" }.filter { $0.hasPrefix(prefix) }
    }
}
