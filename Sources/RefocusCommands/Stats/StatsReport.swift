import RefocusCore

/// The text of `refocus stats` for people: the figures, the groups asked
/// for, the daily allowances' use, then the heatmap. Pure, so that tests
/// compare it with expected text.
struct StatsReport {
    let stats: FocusStats
    let calendar: FocusCalendar
    /// The `--since` text as given.
    let since: String?
    /// The `--by` grouping and its groups.
    let groups: (by: FocusGrouping, groups: [FocusGroup])?
    /// The caller's use of their daily allowances per list and day; none when they have none.
    var usedAllowances: [AllowanceUseDay] = []
    /// With `--all-machines`, the focused time and sessions each machine counted (`name` is the machine).
    var machines: [FocusGroup]?

    /// The lines to print: all of them, or, when the history could not be
    /// read (`readable` false), the heading and the settings only: zeros and
    /// an empty heatmap would say there was no focus, which is not known.
    func lines(heatmap style: FocusHeatmap.Style, readable: Bool = true) -> [String] {
        let heading = "Focus stats" + (since.map { " since \($0)" } ?? "")
        let settings =
            "A day counts for a streak from \(stats.options.streakMinimumMinutes)m of focus; weeks start on "
            + Self.weekdayName(calendar.firstWeekday) + "."
        guard readable else { return [heading + ": your history could not be read (see above).", settings] }
        var lines = [heading, ""]
        lines.append(row("Today", Self.time(stats.todaySeconds)))
        lines.append(
            row(
                "This week",
                Self.time(stats.weekSeconds) + " since \(Self.weekdayName(calendar.firstWeekday)) "
                    + stats.weekStart.description))
        lines.append(
            row(
                "In all",
                Self.time(stats.totalSeconds) + " in " + Self.count(stats.outcomes.total, "session")
                    + outcomes))
        lines.append(row("Streak", streak))
        lines.append(row("Milestones", milestones))
        lines.append(contentsOf: blocked)
        if let groups { lines.append(contentsOf: Self.groupLines(groups.by, groups.groups)) }
        if let machines { lines.append(contentsOf: Self.groupLines(title: "By machine", none: "", machines)) }
        lines.append(contentsOf: StatsAllowances(days: usedAllowances, today: stats.today).lines)
        lines.append("")
        lines.append(contentsOf: FocusHeatmap(days: stats.days, calendar: calendar).lines(style: style))
        lines.append(settings)
        return lines
    }

    /// `: 40 completed, 7 stopped early, 1 by emergency exit, 1 cleared`, the kinds there were.
    private var outcomes: String {
        let parts = [
            (stats.outcomes.completed, "completed"), (stats.outcomes.stopped, "stopped early"),
            (stats.outcomes.emergency, "by emergency exit"), (stats.outcomes.cleared, "cleared"),
        ].filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }
        return parts.isEmpty ? "" : ": " + parts.joined(separator: ", ")
    }

    private var streak: String {
        let streak = stats.streak
        var text = Self.count(streak.current, "day")
        if streak.current > 0 {
            text += streak.includesToday ? " including today" : " through yesterday (focus today to keep it)"
        }
        return text + "; longest " + Self.count(streak.longest, "day")
    }

    private var milestones: String {
        let reached = stats.milestonesReached
        let done = reached.isEmpty ? "none reached yet" : Self.list(reached.map(String.init)) + " days reached"
        guard let next = stats.nextMilestone else { return done }
        return done + "; next \(next) days, \(next - stats.streak.current) to go"
    }

    private var blocked: [String] {
        let blocked = stats.blocked
        guard blocked.sessionsRecorded > 0 else { return [row("Blocked", "nothing recorded")] }
        var lines = [row("Blocked", Self.counts(blocked.total))]
        let lists = blocked.byList.sorted { lhs, rhs in
            lhs.value.attempts != rhs.value.attempts ? lhs.value.attempts > rhs.value.attempts : lhs.key < rhs.key
        }
        let width = max(9, lists.map(\.key.rawValue.count).max() ?? 0)
        lines += lists.map { "  " + Self.padded($0.key.rawValue, width) + " " + Self.counts($0.value) }
        return lines
    }

    /// `By label` and a line per group.
    static func groupLines(_ by: FocusGrouping, _ groups: [FocusGroup]) -> [String] {
        groupLines(title: "By \(by.rawValue)", none: by == .label ? "(no label)" : "(no list)", groups)
    }

    /// `title` and a line per group, `none` naming the group without a name.
    static func groupLines(title: String, none: String, _ groups: [FocusGroup]) -> [String] {
        let names = groups.map { $0.name ?? none }
        let width = max(9, names.map(\.count).max() ?? 0)
        let times = groups.map { time($0.focusedSeconds) }
        let timeWidth = times.map(\.count).max() ?? 0
        var lines = ["", title]
        if groups.isEmpty { lines.append("  no sessions") }
        for (index, group) in groups.enumerated() {
            let time = String(repeating: " ", count: timeWidth - times[index].count) + times[index]
            lines.append("  " + padded(names[index], width) + " " + time + " in " + count(group.sessions, "session"))
        }
        return lines
    }

    private func row(_ title: String, _ value: String) -> String {
        Self.padded(title, 12) + value
    }

    static func padded(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }

    /// Focused time in hours and minutes: `52h10m`, `45m`, `0m`.
    static func time(_ seconds: Int) -> String {
        let minutes = (seconds + 30) / 60
        return minutes >= 60 ? "\(minutes / 60)h" + (minutes % 60 > 0 ? "\(minutes % 60)m" : "") : "\(minutes)m"
    }

    /// `1 day`, `3 days`.
    static func count(_ value: Int, _ noun: String) -> String {
        "\(value) \(noun)" + (value == 1 ? "" : "s")
    }

    static func counts(_ counts: BlockedCounts) -> String {
        (counts.attempts == 1 ? "1 connection attempt" : "\(counts.attempts) connection attempts") + ", "
            + count(counts.programsKilled, "program") + " killed"
    }

    /// `7`, `7 and 30`, `7, 30 and 100`.
    static func list(_ items: [String]) -> String {
        items.count < 2 ? items.joined() : items.dropLast().joined(separator: ", ") + " and " + (items.last ?? "")
    }

    /// `Monday` for 2.
    static func weekdayName(_ weekday: Int) -> String {
        ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"][(weekday + 6) % 7]
    }
}
