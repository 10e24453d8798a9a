import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RefocusCore
import RefocusOS

/// `refocus stats`: focused time, streaks, milestones, what was blocked, daily allowances' use and a heatmap.
struct StatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Show your focused time, streaks and a heatmap.",
        usage: UsageLine.wrapped(
            "refocus stats [--since <DATE>] [--by <label|list>] [--weeks <N>] [--all-machines] [--json]"),
        discussion: """
            Focused time is the time a session's blocks were in force (less pauses and \
            pomodoro breaks), counted on local days of the machine's time zone; weeks \
            start on your locale's first weekday. A day counts for a streak from \
            streak_minimum minutes of focus (config.toml [defaults], default 5); \
            milestones are 7, 30, 100 and 365 days. Daily allowances show, per list, the \
            days they were used up of the days used, the average of those days and the \
            minutes of the last 7 days (the last 60 days are kept). The heatmap shows a week per column: \
            . - + * # from no focus to two hours or more. 'man refocus' (STATS, JSON \
            OUTPUT) tells the rest.

            Examples:
              refocus stats
              refocus stats --since 2026-01-01 --weeks 30
              refocus stats --by label
              refocus stats --json | jq .currentStreak
              refocus stats --all-machines    # every machine that syncs

            \(ExitStatus.helpLine(for: .refocus, [.usage, .systemError, .busy],
                                  notes: [.success: "also with no session",
                                          .dataError: "a bad --since, or a damaged session store",
                                          .notPermitted: "sudo refused",
                                          .configuration: "a bad config.toml, or the helper or sudo not installed"]))
            """)

    @Option(
        help: ArgumentHelp("Since YYYY-MM-DD, today, yesterday, or 7d, 36h, 90m ago.", valueName: "DATE"),
        completion: .list(["today", "yesterday", "7d", "30d"]))
    var since: String?

    @Option(
        help: ArgumentHelp("Also show focused time per label or per list.", valueName: "label|list"),
        completion: .list(FocusGrouping.allCases.map(\.rawValue)))
    var by: FocusGrouping?

    @Option(
        help: ArgumentHelp(
            "Weeks in the heatmap, 1 to \(FocusHeatmap.maximumWeeks) (fits 80 columns).",
            valueName: "N"),
        completion: .list(["4", "12", "26"]))
    var weeks = 12

    @Flag(help: "Count every machine that syncs, each session once (as of the last 'refocus sync').")
    var allMachines = false

    @Flag(help: "Print JSON for scripts: one object.")
    var json = false

    func validate() throws {
        guard (1...FocusHeatmap.maximumWeeks).contains(weeks) else {
            throw ValidationError(
                "--weeks must be from 1 to \(FocusHeatmap.maximumWeeks) (to fit 80 columns), not \(weeks)")
        }
    }

    func run() throws {
        let now = Date()
        let calendar = FocusCalendar(timeZone: MachineTimeZone.current, firstWeekday: MachineWeek.firstWeekday())
        let start = try since.map { try SinceDate.parse($0, now: now, timeZone: calendar.timeZone) }
        let options = FocusStats.Options(
            streakMinimumMinutes: try UserPresets.config().defaults.streakMinimum, weeks: weeks)
        let store = allMachines ? try AllMachinesHistory() : nil
        let history = StatsHistory.read(since: start)
        // The other machines' sessions only beside this machine's: without those, there are no stats to show.
        let merged = try store.flatMap {
            history.failure == nil ? try $0.merge(local: history.records, since: start, now: now) : nil
        }
        let records = merged?.records.map(\.line.record) ?? history.records
        let stats = FocusStats(records: records, now: now, calendar: calendar, options: options)
        var report = StatsReport(
            stats: stats, calendar: calendar, since: since,
            groups: by.map { ($0, FocusGroup.of(records, by: $0)) }, usedAllowances: history.usedAllowances)
        report.machines = merged?.machines
        if let failure = history.failure { Console.error(failure.description) }
        for problem in merged?.problems ?? [] { Console.error("history: \(problem)") }
        if json {
            try Console.json(
                StatsJSON(
                    report: report, since: start, error: history.failure?.description,
                    skippedHistory: merged?.problems ?? []))
        } else {
            let style: FocusHeatmap.Style = StatsTerminal.colours() ? .colour : .plain
            report.lines(heatmap: style, readable: history.failure == nil).forEach { print($0) }
        }
        if let failure = history.failure { throw ExitCode(ExitStatus(failure.category).rawValue) }
    }
}

extension FocusGrouping: ExpressibleByArgument {}
