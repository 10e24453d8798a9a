import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RefocusCore
import RefocusOS

/// `refocus stats`: focused time, streaks, milestones, what was blocked and a heatmap.
struct StatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Show your focused time, streaks, milestones and a heatmap of the last weeks.",
        discussion: """
            Focused time is the time a session's blocks were in force (its run less its pauses; \
            a pomodoro session's work phases). Days are local days of the machine's time zone \
            (TZ, else /etc/localtime): a session across midnight counts on both days in \
            proportion, and DST days have 23 or 25 hours. Weeks start on your locale's first \
            weekday (LC_ALL, else LC_TIME, else LANG: Monday for de_DE or en_GB, Sunday for \
            en_US; Monday for C and POSIX).

            A day counts for a streak when it has at least streak_minimum minutes of focus \
            (config.toml [defaults], 1 to 1440, default 5). The current streak includes today \
            once today counts, else it ends yesterday. Milestones are 7, 30, 100 and 365 days: \
            one is reached when your longest streak reached it, and the next is the first your \
            current streak has yet to reach. Blocked attempts and killed programs are the \
            sessions' counts; a session of several lists counts in full for each of them.

            The heatmap shows a week per column and a weekday per row: no focus, under 30 \
            minutes, under an hour, under two hours, two hours or more, as . - + * # (or green \
            shades on a terminal, unless NO_COLOR is set). --by label (or list) adds each \
            group's focused time and sessions; a session of several lists counts in each.

            --json prints one object with these keys: today and weekStart (YYYY-MM-DD), \
            timeZone, firstWeekday (monday to sunday), streakMinimum (minutes), todaySeconds, \
            weekSeconds, totalSeconds, sessions, completed, stopped, cleared, currentStreak, \
            longestStreak (days), streakIncludesToday, milestonesReached (days), nextMilestone \
            and daysToNextMilestone (absent past 365), blockedAttempts, programsKilled, \
            blockedSessions (sessions with counts recorded), blockedByList (list: attempts, \
            programsKilled), days (date, seconds, level 0 to 4, the heatmap's), since (ISO \
            8601, with --since), and with --by: by and groups (name, null for none; \
            focusedSeconds, sessions). When the history cannot be read it has error instead \
            of the figures. Keys are only ever added.

            Examples:
              refocus stats
              refocus stats --since 2026-01-01 --weeks 30
              refocus stats --by label
              refocus stats --json | jq .currentStreak

            \(ExitStatus.helpLine(for: .refocus, [.usage, .systemError, .busy],
                                  notes: [.success: "also with no session",
                                          .dataError: "a bad --since, or a damaged session store",
                                          .notPermitted: "sudo refused",
                                          .configuration: "a bad config.toml, or the helper or sudo not installed"]))
            """)

    @Option(help: ArgumentHelp("Only sessions started since then: YYYY-MM-DD, today, yesterday, "
                                   + "or a time ago such as 7d, 36h or 90m.", valueName: "DATE"),
            completion: .list(["today", "yesterday", "7d", "30d"]))
    var since: String?

    @Option(help: ArgumentHelp("Also show focused time and sessions per label or per list.", valueName: "label|list"),
            completion: .list(FocusGrouping.allCases.map(\.rawValue)))
    var by: FocusGrouping?

    @Option(help: ArgumentHelp("Weeks in the heatmap, 1 to \(FocusHeatmap.maximumWeeks) (fits 80 columns).",
                               valueName: "N"),
            completion: .list(["4", "12", "26"]))
    var weeks = 12

    @Flag(help: "Print JSON for scripts: one object (keys above).")
    var json = false

    func validate() throws {
        guard (1...FocusHeatmap.maximumWeeks).contains(weeks) else {
            throw ValidationError("--weeks must be from 1 to \(FocusHeatmap.maximumWeeks) (to fit 80 columns), not \(weeks)")
        }
    }

    func run() throws {
        let now = Date()
        let calendar = FocusCalendar(timeZone: MachineTimeZone.current, firstWeekday: MachineWeek.firstWeekday())
        let start = try since.map { try SinceDate.parse($0, now: now, timeZone: calendar.timeZone) }
        let options = FocusStats.Options(streakMinimumMinutes: try UserPresets.config().defaults.streakMinimum, weeks: weeks)
        let history = StatsHistory.read(since: start)
        let stats = FocusStats(records: history.records, now: now, calendar: calendar, options: options)
        let report = StatsReport(stats: stats, calendar: calendar, since: since,
                                 groups: by.map { ($0, FocusGroup.of(history.records, by: $0)) })
        if let failure = history.failure { Console.error(failure.description) }
        if json {
            try Console.json(StatsJSON(report: report, since: start, error: history.failure?.description))
        } else {
            let style: FocusHeatmap.Style = StatsTerminal.colours() ? .colour : .plain
            report.lines(heatmap: style, readable: history.failure == nil).forEach { print($0) }
        }
        if let failure = history.failure { throw ExitCode(ExitStatus(failure.category).rawValue) }
    }
}

extension FocusGrouping: ExpressibleByArgument {}
