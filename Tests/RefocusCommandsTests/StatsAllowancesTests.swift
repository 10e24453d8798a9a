import RefocusCore
import Testing

@testable import RefocusCommands

/// The "Daily allowances" section of `refocus stats` (`StatsAllowances`):
/// a line per list, sorted, with its allowance a day (`-` once removed),
/// the days used up of the days used, their average and the minutes of the
/// last 7 days; a long name on a line of its own; in 80 columns; nothing
/// without use.
@Suite struct StatsAllowancesTests {
    static let today = LocalDay(year: 2026, month: 11, day: 29)

    static func day(_ list: String, _ dayOfMonth: Int, _ used: Int, daily: Int?) -> AllowanceUseDay {
        AllowanceUseDay(
            list: try! BlockListName(list), day: LocalDay(year: 2026, month: 11, day: dayOfMonth), usedSeconds: used,
            dailySeconds: daily)
    }

    static let days = [
        day("video", 23, 1800, daily: 1800), day("games", 10, 3600, daily: nil), day("video", 25, 600, daily: 1800),
        day("video", 27, 1800, daily: 1800), day("games", 28, 125, daily: nil), day("video", 29, 95, daily: 1800),
        day("a-very-long-list-name", 29, 60, daily: 60),
    ]

    @Test func aLinePerListWithTheDaysUsedUpTheAverageAndTheLastSevenDays() {
        let lines = StatsAllowances(days: Self.days, today: Self.today).lines
        #expect(
            lines == [
                "",
                "Daily allowances   a day  used up  average  minutes, last 7 days",
                "  a-very-long-list-name",
                "                      1m   1 of 1       1m   .  .  .  .  .  .  1",
                "  games                -   0 of 2      31m   .  .  .  .  .  2  .",
                "  video              30m   2 of 4      18m  30  . 10  . 30  .  2",
            ], "\(lines.joined(separator: "\n"))")
        #expect(lines.allSatisfy { $0.count <= 80 })
    }

    @Test func aColumnWidensForALongDay() {
        let lines = StatsAllowances(days: [Self.day("video", 29, 90_000, daily: nil)], today: Self.today).lines
        #expect(lines.last == "  video                -   0 of 1      25h     .    .    .    .    .    . 1500")
        #expect(lines.allSatisfy { $0.count <= 80 })
    }

    @Test func nothingWithoutUse() {
        #expect(StatsAllowances(days: [], today: Self.today).lines == [])
    }
}
