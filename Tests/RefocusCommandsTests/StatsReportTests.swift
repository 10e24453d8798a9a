import Foundation
import RefocusCore
import Testing

@testable import RefocusCommands

/// The text of `refocus stats` for a fixed history, as docs/user-guide.md shows it.
@Suite struct StatsReportTests {
    /// Nine days in a row up to today after a gap, and some days before: in
    /// Berlin, weeks from Monday, seen on Wednesday 2026-05-13 at 20:00.
    static func stats() throws -> (FocusStats, FocusCalendar, [FocusRecord]) {
        let zone = try #require(TimeZone(identifier: "Europe/Berlin"))
        let calendar = FocusCalendar(timeZone: LocalZone(zone), firstWeekday: 2)
        let base = LocalDay(year: 2026, month: 5, day: 13)
        let minutes = [
            0: 50, 1: 100, 2: 25, 3: 130, 4: 75, 5: 45, 6: 25, 7: 90, 8: 150, 10: 60, 11: 20, 13: 240,
            15: 50, 16: 50, 20: 10, 22: 125, 26: 35, 30: 80, 33: 25, 38: 150, 40: 20, 45: 60, 51: 30, 59: 90, 64: 25,
            67: 45, 74: 15, 78: 110,
        ]
        var records: [FocusRecord] = []
        for (offset, length) in minutes.sorted(by: { $0.key > $1.key }) {
            let (year, month, day) = base.adding(days: -offset).civil
            var parts = Calendar(identifier: .gregorian)
            parts.timeZone = zone
            let start = try #require(parts.date(from: DateComponents(year: year, month: month, day: day, hour: 9)))
            let lists = offset % 3 == 0 ? ["social", "news"] : ["social"]
            records.append(
                FocusRecord(
                    id: Int64(records.count + 1), start: start,
                    end: start.addingTimeInterval(Double(length * 60)), focusedSeconds: length * 60,
                    outcome: offset % 5 == 4 ? .stopped : .completed,
                    lists: try lists.map { try BlockListName($0) },
                    label: try (offset % 2 == 0 ? "thesis" : nil).map { try SessionLabel($0) },
                    blocked: BlockedCounts(attempts: UInt64(offset % 4 * 3), programsKilled: offset % 7 == 0 ? 1 : 0)))
        }
        let now = try #require(parts(zone, 2026, 5, 13, 20))
        return (FocusStats(records: records, now: now, calendar: calendar), calendar, records)
    }

    static func parts(_ zone: TimeZone, _ year: Int, _ month: Int, _ day: Int, _ hour: Int) -> Date? {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour))
    }

    @Test func theReadmesExample() throws {
        let (stats, calendar, records) = try Self.stats()
        let report = StatsReport(
            stats: stats, calendar: calendar, since: nil,
            groups: (.label, FocusGroup.of(records, by: .label)))
        let text = report.lines(heatmap: .plain).joined(separator: "\n")
        #expect(
            text == """
                Focus stats

                Today       50m
                This week   2h55m since Monday 2026-05-11
                In all      32h10m in 28 sessions: 24 completed, 4 stopped early
                Streak      9 days including today; longest 9 days
                Milestones  7 days reached; next 30 days, 21 to go
                Blocked     132 connection attempts, 2 programs killed
                  social    132 connection attempts, 2 programs killed
                  news      51 connection attempts, 1 program killed

                By label
                  thesis     16h45m in 16 sessions
                  (no label) 15h25m in 12 sessions

                      Mar       Apr     May
                Mon . . . . + . . * . + . -
                Tue * . - . . . . . # + # *
                Wed . . . . . . . . . . * +
                Thu . . . . . . . . - # -
                Fri . . . . . - - + . . +
                Sat - + . . . . . . . - *
                Sun . . * . * # . . . * #
                    Less . - + * # More  (a day: none, <30m, <1h, <2h, 2h+)
                A day counts for a streak from 5m of focus; weeks start on Monday.
                """, "\(text)")
    }

    /// With `--all-machines`, a section per machine after the groups, before the daily allowances and the heatmap.
    @Test func allMachinesAddsAMachineSection() throws {
        let (stats, calendar, _) = try Self.stats()
        var report = StatsReport(stats: stats, calendar: calendar, since: nil, groups: nil)
        report.machines = [
            FocusGroup(name: "desktop-at-work", focusedSeconds: 20 * 3600, sessions: 17),
            FocusGroup(name: "laptop", focusedSeconds: 12 * 3600 + 600, sessions: 11),
        ]
        let lines = report.lines(heatmap: .plain)
        let start = try #require(lines.firstIndex(of: "By machine"))
        #expect(
            Array(lines[(start - 1)...(start + 3)]) == [
                "", "By machine", "  desktop-at-work    20h in 17 sessions", "  laptop          12h10m in 11 sessions",
                "",
            ], "\(lines)")
        #expect(lines[start + 4].hasSuffix("Mar       Apr     May"), "the heatmap follows: \(lines)")
    }
}
