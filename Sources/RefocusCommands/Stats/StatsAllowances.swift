import RefocusCore

/// The "Daily allowances" section of `refocus stats`: a line per list with
/// its allowance a day, the days it was used up of the days it was used, the
/// average use of those days and the minutes used on each of the last 7
/// days (`.` for none), within 80 columns:
///
///     Daily allowances   a day  used up  average  minutes, last 7 days
///       video              30m  3 of 12      21m  30 12  . 30  5  . 18
///
/// Pure, so that tests compare it with expected text; no lines without use.
struct StatsAllowances {
    /// How many recent days get a column of minutes.
    static let recentDays = 7
    /// The width of the list names' column, heading included; a longer name
    /// has a line of its own, its figures on the next.
    static let nameWidth = 18

    /// The use per list and day, any order.
    let days: [AllowanceUseDay]
    /// The last of the recent days (the stats' today).
    let today: LocalDay

    /// The section with a blank line before it; none when there is no use.
    var lines: [String] {
        guard !days.isEmpty else { return [] }
        let recent = (0..<Self.recentDays).map { today.adding(days: $0 - Self.recentDays + 1) }
        let byList = Dictionary(grouping: days, by: \.list).sorted { $0.key < $1.key }
        let minutes = byList.map { _, days in
            recent.map { day in days.first { $0.day == day }.map { "\(($0.usedSeconds + 30) / 60)" } ?? "." }
        }
        let width = max(2, minutes.joined().map(\.count).max() ?? 0)
        var lines = [
            "",
            StatsReport.padded("Daily allowances", Self.nameWidth) + " a day  used up  average  minutes, last "
                + "\(Self.recentDays) days",
        ]
        for ((list, days), recentMinutes) in zip(byList, minutes) {
            let name = "  " + list.rawValue
            let figures =
                Self.right(days.compactMap(\.dailySeconds).last.map(StatsReport.time) ?? "-", 6)
                + Self.right("\(days.filter(\.spent).count) of \(days.count)", 9)
                + Self.right(StatsReport.time(days.map(\.usedSeconds).reduce(0, +) / days.count), 9) + "  "
                + recentMinutes.map { Self.right($0, width) }.joined(separator: " ")
            if name.count > Self.nameWidth {
                lines += [name, String(repeating: " ", count: Self.nameWidth) + figures]
            } else {
                lines.append(StatsReport.padded(name, Self.nameWidth) + figures)
            }
        }
        return lines
    }

    /// `text` right-aligned in `width` columns.
    private static func right(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }
}
