import Foundation
import Testing
@testable import RefocusCore

/// The heatmap's text, plain and coloured, compared with what a person sees:
/// weeks as columns, weekdays as rows in the week's order, month labels, the legend.
@Suite struct FocusHeatmapTests {
    /// Sessions of `minutes` on local days (`YYYY-MM-DD`) at 09:00 UTC.
    static func records(_ days: [(String, Double)]) throws -> [FocusRecord] {
        try days.map { day, minutes in
            try FocusStatsTests.record(day + " 09:00", hours: minutes / 60, in: "UTC")
        }
    }

    /// Three weeks up to Wednesday 2026-05-13.
    static func threeWeeks(firstWeekday: Int = 2) throws -> FocusHeatmap {
        let records = try Self.records([
            ("2026-05-04", 10), ("2026-05-11", 45), ("2026-05-05", 90),
            ("2026-05-13", 180), ("2026-05-12", 0.5),
        ])
        let calendar = try FocusStatsTests.calendar("UTC", firstWeekday: firstWeekday)
        let stats = FocusStats(
            records: records, now: try FocusStatsTests.at("2026-05-13 20:00", "UTC"), calendar: calendar,
            options: .init(weeks: 3))
        return FocusHeatmap(days: stats.days, calendar: calendar)
    }

    @Test func plainTextUsesFiveCharacters() throws {
        #expect(
            try Self.threeWeeks().lines(style: .plain) == [
                "      May",
                "Mon . - +",
                "Tue . * .",
                "Wed . . #",
                "Thu . .",
                "Fri . .",
                "Sat . .",
                "Sun . .",
                "    Less . - + * # More  (a day: none, <30m, <1h, <2h, 2h+)",
            ])
    }

    @Test func rowsFollowTheWeeksFirstDay() throws {
        // Weeks from Sunday: 2026-04-26, 05-03 and 05-10.
        #expect(
            try Self.threeWeeks(firstWeekday: 1).lines(style: .plain) == [
                "      May",
                "Sun . . .",
                "Mon . - +",
                "Tue . * .",
                "Wed . . #",
                "Thu . .",
                "Fri . .",
                "Sat . .",
                "    Less . - + * # More  (a day: none, <30m, <1h, <2h, 2h+)",
            ])
    }

    @Test func colouredCellsAreGreenShades() throws {
        let lines = try Self.threeWeeks().lines(style: .colour)
        func cell(_ colour: Int) -> String { "\u{1B}[38;5;\(colour)m■\u{1B}[0m" }
        #expect(lines[3] == "Wed \(cell(237)) \(cell(237)) \(cell(40))")
        #expect(lines[2] == "Tue \(cell(237)) \(cell(34)) \(cell(237))")
        #expect(
            lines[8]
                == "    Less \([237, 22, 28, 34, 40].map(cell).joined(separator: " ")) More  (a day: none, <30m, <1h, <2h, 2h+)"
        )
    }

    @Test func monthLabelsStandOverTheFirstWeekOfEachMonth() throws {
        let stats = FocusStats(
            records: [], now: try FocusStatsTests.at("2026-05-13 20:00", "UTC"),
            calendar: try FocusStatsTests.calendar("UTC"))
        let lines = FocusHeatmap(days: stats.days, calendar: try FocusStatsTests.calendar("UTC")).lines(style: .plain)
        // Columns start on 02-23, 03-02 … 05-11: Feb's label would run into March's.
        #expect(lines[0] == "      Mar       Apr     May")
        #expect(lines[1] == "Mon " + Array(repeating: ".", count: 12).joined(separator: " "))
        #expect(lines[4] == "Thu " + Array(repeating: ".", count: 11).joined(separator: " "))
    }

    @Test(arguments: [1, 12, FocusHeatmap.maximumWeeks])
    func fitsInEightyColumns(weeks: Int) throws {
        let calendar = try FocusStatsTests.calendar("Europe/Berlin")
        let stats = FocusStats(
            records: [], now: try FocusStatsTests.at("2026-12-31 20:00", "Europe/Berlin"), calendar: calendar,
            options: .init(weeks: weeks))
        for style in [FocusHeatmap.Style.plain, .colour] {
            let lines = FocusHeatmap(days: stats.days, calendar: calendar).lines(style: style)
            let widths = lines.map { $0.replacing(/\u{1B}\[[0-9;]*m/, with: "").count }
            #expect(widths.allSatisfy { $0 <= 80 }, "\(widths)")
            #expect(lines.count == 9)
        }
    }

    @Test(arguments: [
        (0, 0), (59, 0), (60, 1), (29 * 60 + 59, 1), (30 * 60, 2), (3599, 2), (3600, 3), (7199, 3),
        (7200, 4), (86_400, 4),
    ])
    func levels(seconds: Int, level: Int) {
        #expect(FocusHeatmap.level(seconds: seconds) == level)
    }
}
