/// The heatmap of `refocus stats`: focused minutes per day, a week per
/// column (oldest on the left, this week on the right) and a weekday per
/// row in the week's order, month labels above and a legend below, as code
/// hosting sites show contributions. Pure text: the caller says whether it
/// may colour it.
///
/// Five levels, fixed so that a day looks the same whatever else is shown:
/// no focus (under a minute), under 30 minutes, under an hour, under two
/// hours, two hours or more. Plain, they are `.`, `-`, `+`, `*` and `#`;
/// coloured, a `■` in grey and four greens of the 256-colour palette. Each
/// week takes two columns and the weekday names four, so 37 weeks fit in 80.
public struct FocusHeatmap: Sendable, Equatable {
    /// How the cells are drawn.
    public enum Style: Sendable, Equatable {
        /// Five ASCII characters, for files, pipes and NO_COLOR.
        case plain
        /// ANSI 256-colour greens, for a terminal.
        case colour
    }

    /// The most weeks that fit in 80 columns.
    public static let maximumWeeks = 37
    /// The plain characters of the five levels.
    public static let plainCells: [Character] = [".", "-", "+", "*", "#"]
    /// The 256-colour palette entries of the five levels: grey, then greens from dark to bright.
    public static let colours = [237, 22, 28, 34, 40]
    /// The minutes from which a day has level 2, 3 and 4 (level 1 is any minute below the first).
    public static let levelMinutes = [30, 60, 120]

    /// The days shown, from the first day of the first week through today.
    public let days: [DayFocus]
    /// The weekdays in row order (`Calendar` numbers: 1 Sunday … 7 Saturday).
    public let weekdays: [Int]

    /// A heatmap of `days` (whole weeks from a `firstWeekday`, the last one
    /// ending today) with rows in `calendar`'s week order.
    public init(days: [DayFocus], calendar: FocusCalendar) {
        self.days = days
        weekdays = calendar.weekdays
    }

    /// The level (0...4) of a day with `seconds` of focus.
    public static func level(seconds: Int) -> Int {
        let minutes = seconds / 60
        guard minutes > 0 else { return 0 }
        return 1 + levelMinutes.filter { minutes >= $0 }.count
    }

    /// The heatmap's lines in `style`: month labels, seven weekday rows, the legend.
    public func lines(style: Style) -> [String] {
        let weeks = (days.count + 6) / 7
        var lines = [monthLabels(weeks: weeks)]
        for (row, weekday) in weekdays.enumerated() {
            var line = Self.weekdayNames[weekday - 1] + " "
            for week in 0..<weeks {
                let index = week * 7 + row
                line += days.indices.contains(index) ? cell(Self.level(seconds: days[index].seconds), style) : " "
                if week < weeks - 1 { line += " " }
            }
            lines.append(line.trimmingTrailingSpaces())
        }
        let legend = (0...4).map { cell($0, style) }.joined(separator: " ")
        lines.append("    Less \(legend) More  (a day: none, <30m, <1h, <2h, 2h+)")
        return lines
    }

    /// One cell of `level`.
    private func cell(_ level: Int, _ style: Style) -> String {
        switch style {
        case .plain: String(Self.plainCells[level])
        case .colour: "\u{1B}[38;5;\(Self.colours[level])m■\u{1B}[0m"
        }
    }

    /// The month labels over the columns: the month's short name over the
    /// first week whose first day is in it (and over the first week), unless
    /// it would run into the label before it, where the later one wins.
    private func monthLabels(weeks: Int) -> String {
        var labels: [(column: Int, text: String)] = []
        var previousMonth: Int?
        for week in 0..<weeks where days.indices.contains(week * 7) {
            let month = days[week * 7].day.civil.month
            if month != previousMonth { labels.append((4 + 2 * week, Self.monthNames[month - 1])) }
            previousMonth = month
        }
        var line = ""
        for (index, label) in labels.enumerated() {
            // A label needs its three letters and a space before the next.
            if index + 1 < labels.count, labels[index + 1].column < label.column + 4 { continue }
            guard label.column >= line.count + (line.isEmpty ? 0 : 1) else { continue }
            line += String(repeating: " ", count: label.column - line.count) + label.text
        }
        return line
    }

    /// Weekday names by `Calendar` number - 1.
    static let weekdayNames = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    /// Month names by month - 1.
    static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
}

extension String {
    /// The string without spaces at its end.
    func trimmingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
