import Foundation
import Testing
@testable import RefocusCore

/// `FocusStats` over tables of sessions: local days in several zones, a
/// session across midnight, the DST days of Europe/Berlin and
/// America/New_York, gaps, streaks ending today or yesterday, the streak
/// minimum, the week's first day, outcomes and what was blocked.
@Suite struct FocusStatsTests {
    /// The instant of the local `text` (`2026-03-29 23:30`) in `zone`.
    static func at(_ text: String, _ zone: String) throws -> Date {
        let timeZone = try #require(TimeZone(identifier: zone))
        let parts = text.split(whereSeparator: { "- :".contains($0) }).compactMap { Int($0) }
        try #require(parts.count == 5)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return try #require(
            calendar.date(
                from: DateComponents(
                    year: parts[0], month: parts[1], day: parts[2],
                    hour: parts[3], minute: parts[4])))
    }

    /// A completed session of `lists` from `start` (local, in `zone`) for `hours`, focused all along unless `focused` says.
    static func record(
        _ start: String, hours: Double, in zone: String, focused: Int? = nil, id: Int64 = 1,
        outcome: SessionOutcome = .completed, lists: [String] = ["social"], label: String? = nil,
        blocked: BlockedCounts? = nil
    ) throws -> FocusRecord {
        let begin = try at(start, zone)
        return FocusRecord(
            id: id, start: begin, end: begin.addingTimeInterval(hours * 3600),
            focusedSeconds: focused ?? Int(hours * 3600), outcome: outcome,
            lists: try lists.map { try BlockListName($0) }, label: try label.map { try SessionLabel($0) },
            blocked: blocked)
    }

    static func calendar(_ zone: String, firstWeekday: Int = 2) throws -> FocusCalendar {
        FocusCalendar(timeZone: LocalZone(try #require(TimeZone(identifier: zone))), firstWeekday: firstWeekday)
    }

    /// The focused seconds `stats` puts on each of `days` (`YYYY-MM-DD`).
    static func seconds(_ stats: FocusStats, _ days: [String]) -> [Int] {
        days.map { day in stats.days.first { $0.day.description == day }?.seconds ?? -1 }
    }

    @Test func anEmptyHistoryHasZerosAndTwelveWeeksOfEmptyDays() throws {
        let now = try Self.at("2026-05-13 10:00", "UTC")  // a Wednesday
        let stats = FocusStats(records: [], now: now, calendar: try Self.calendar("UTC"))
        #expect(stats.todaySeconds == 0 && stats.weekSeconds == 0 && stats.totalSeconds == 0)
        #expect(stats.outcomes.total == 0 && stats.streak == FocusStreak(current: 0, longest: 0, includesToday: false))
        #expect(stats.milestonesReached.isEmpty && stats.nextMilestone == 7)
        #expect(stats.blocked == BlockedTotals([]))
        #expect(stats.days.count == 11 * 7 + 3, "11 whole weeks and Monday to Wednesday")
        #expect(stats.days.first?.day.description == "2026-02-23" && stats.days.first?.day.weekday == 2)
        #expect(stats.days.last?.day.description == "2026-05-13" && stats.days.allSatisfy { $0.seconds == 0 })
        #expect(stats.weekStart.description == "2026-05-11" && stats.today.description == "2026-05-13")
    }

    /// A session's focus spread over its days in proportion to its time on each.
    @Test(arguments: [
        // Across midnight: an hour before, an hour after.
        ("UTC", "2026-05-01 23:00", 2.0, ["2026-05-01", "2026-05-02"], [3600, 3600]),
        ("Asia/Tokyo", "2026-05-01 23:30", 1.0, ["2026-05-01", "2026-05-02"], [1800, 1800]),
        // Europe/Berlin springs forward on 2026-03-29 (23 hours) and falls back on 2026-10-25 (25 hours).
        ("Europe/Berlin", "2026-03-28 23:00", 25.0, ["2026-03-28", "2026-03-29", "2026-03-30"], [3600, 82800, 3600]),
        ("Europe/Berlin", "2026-10-24 23:00", 27.0, ["2026-10-24", "2026-10-25", "2026-10-26"], [3600, 90000, 3600]),
        // America/New_York: 2026-03-08 (23 hours), 2026-11-01 (25 hours).
        (
            "America/New_York", "2026-03-07 23:00", 25.0, ["2026-03-07", "2026-03-08", "2026-03-09"],
            [3600, 82800, 3600]
        ),
        (
            "America/New_York", "2026-10-31 23:00", 27.0, ["2026-10-31", "2026-11-01", "2026-11-02"],
            [3600, 90000, 3600]
        ),
        // The lost hour: 01:30 to 03:30 local on the day Berlin springs forward is one real hour.
        ("Europe/Berlin", "2026-03-29 01:30", 1.0, ["2026-03-28", "2026-03-29", "2026-03-30"], [0, 3600, 0]),
    ])
    func aSessionIsSplitAtLocalMidnights(zone: String, start: String, hours: Double, days: [String], expected: [Int])
        throws
    {
        let record = try Self.record(start, hours: hours, in: zone)
        let now = record.start.addingTimeInterval(5 * 86_400)
        let stats = FocusStats(records: [record], now: now, calendar: try Self.calendar(zone))
        #expect(Self.seconds(stats, days) == expected)
        #expect(stats.totalSeconds == Int(hours * 3600))
    }

    @Test func focusIsSpreadEvenlyWhenPausesAndBreaksShortenIt() throws {
        // Two hours across midnight of which one was focus: half an hour on each day.
        let record = try Self.record("2026-05-01 23:00", hours: 2, in: "UTC", focused: 3600)
        let stats = FocusStats(
            records: [record], now: try Self.at("2026-05-02 12:00", "UTC"), calendar: try Self.calendar("UTC"))
        #expect(Self.seconds(stats, ["2026-05-01", "2026-05-02"]) == [1800, 1800])
        #expect(stats.todaySeconds == 1800 && stats.totalSeconds == 3600)
    }

    @Test func theSameInstantsAreOtherDaysInOtherZones() throws {
        // 23:30 to 00:30 UTC: split in London's winter, 08:30 to 09:30 one morning in Tokyo, 19:30 in New York.
        let start = try Self.at("2026-01-15 23:30", "UTC")
        let record = FocusRecord(
            id: 1, start: start, end: start.addingTimeInterval(3600), focusedSeconds: 3600,
            outcome: .completed, lists: [])
        let now = try Self.at("2026-01-20 12:00", "UTC")
        for (zone, days, expected) in [
            ("Europe/London", ["2026-01-15", "2026-01-16"], [1800, 1800]),
            ("Asia/Tokyo", ["2026-01-15", "2026-01-16"], [0, 3600]),
            ("America/New_York", ["2026-01-15", "2026-01-16"], [3600, 0]),
        ] {
            let stats = FocusStats(records: [record], now: now, calendar: try Self.calendar(zone))
            #expect(Self.seconds(stats, days) == expected, "\(zone)")
        }
    }

    /// Daily sessions of `minutes` on the days `offsets` before `now` (0 today), local noon in UTC.
    static func daily(_ offsets: [Int], minutes: Double, now: Date) -> [FocusRecord] {
        offsets.enumerated().map { index, offset in
            let start = now.addingTimeInterval(Double(-offset) * 86_400)
            return FocusRecord(
                id: Int64(index), start: start, end: start.addingTimeInterval(minutes * 60),
                focusedSeconds: Int(minutes * 60), outcome: .completed, lists: [])
        }
    }

    @Test(arguments: [
        // Offsets of the days with sessions (0 today), minutes each, the minimum: current, longest, today counts.
        ([Int](), 10.0, 5, 0, 0, false),
        ([1, 2, 3], 10, 5, 3, 3, false),  // ends yesterday: still current
        ([0, 1, 2, 3], 10, 5, 4, 4, true),  // today counts
        ([2, 3, 4], 10, 5, 0, 3, false),  // broken yesterday
        ([0, 1, 2, 5, 6, 7, 8, 9], 10, 5, 3, 5, true),  // a gap: the longest is before it
        ([0, 1, 2], 4, 5, 0, 0, false),  // under the minimum
        ([0, 1, 2], 5, 5, 3, 3, true),  // exactly the minimum
        ([0, 1, 2], 10, 15, 0, 0, false),  // streak_minimum = 15
        (Array(0..<30), 10, 5, 30, 30, true),
    ])
    func streaks(offsets: [Int], minutes: Double, minimum: Int, current: Int, longest: Int, today: Bool) throws {
        let now = try Self.at("2026-05-13 12:00", "UTC")
        let stats = FocusStats(
            records: Self.daily(offsets, minutes: minutes, now: now), now: now,
            calendar: try Self.calendar("UTC"), options: .init(streakMinimumMinutes: minimum))
        #expect(stats.streak == FocusStreak(current: current, longest: longest, includesToday: today))
    }

    @Test func aDayCountsByItsTotalNotBySession() throws {
        let now = try Self.at("2026-05-13 12:00", "UTC")
        let stats = FocusStats(
            records: Self.daily([0, 0, 0], minutes: 2, now: now), now: now,
            calendar: try Self.calendar("UTC"))
        #expect(stats.streak.current == 1 && stats.todaySeconds == 360)
    }

    @Test(arguments: [(0, [Int](), 7), (6, [], 7), (7, [7], 30), (31, [7, 30], 100), (365, [7, 30, 100, 365], nil)])
    func milestones(days: Int, reached: [Int], next: Int?) throws {
        let now = try Self.at("2026-05-13 12:00", "UTC")
        let stats = FocusStats(
            records: Self.daily(Array(0..<days), minutes: 10, now: now), now: now,
            calendar: try Self.calendar("UTC"))
        #expect(stats.milestonesReached == reached && stats.nextMilestone == next)
    }

    @Test func aMilestoneStaysReachedAfterTheStreakBreaks() throws {
        let now = try Self.at("2026-05-13 12:00", "UTC")
        let stats = FocusStats(
            records: Self.daily(Array(3..<13), minutes: 10, now: now), now: now,
            calendar: try Self.calendar("UTC"))
        #expect(stats.streak.current == 0 && stats.streak.longest == 10)
        #expect(stats.milestonesReached == [7] && stats.nextMilestone == 7)
    }

    @Test(arguments: [(2, "2026-05-04", 2 * 3600), (1, "2026-05-10", 3600), (7, "2026-05-09", 2 * 3600)])
    func theWeekStartsOnTheLocalesFirstWeekday(firstWeekday: Int, weekStart: String, seconds: Int) throws {
        // Sunday 2026-05-10: an hour on Saturday and one on Sunday.
        let records = [
            try Self.record("2026-05-09 10:00", hours: 1, in: "UTC"),
            try Self.record("2026-05-10 09:00", hours: 1, in: "UTC"),
        ]
        let stats = FocusStats(
            records: records, now: try Self.at("2026-05-10 20:00", "UTC"),
            calendar: try Self.calendar("UTC", firstWeekday: firstWeekday))
        #expect(stats.weekStart.description == weekStart && stats.weekSeconds == seconds)
        #expect(stats.todaySeconds == 3600 && stats.totalSeconds == 7200)
        #expect(stats.days.first?.day.weekday == firstWeekday)
    }

    @Test func outcomesAndBlockedCountsPerList() throws {
        let records = [
            try Self.record(
                "2026-05-01 09:00", hours: 1, in: "UTC", outcome: .completed, lists: ["social", "news"],
                blocked: BlockedCounts(attempts: 10, programsKilled: 1)),
            try Self.record(
                "2026-05-02 09:00", hours: 1, in: "UTC", outcome: .stopped, lists: ["social"],
                blocked: BlockedCounts(attempts: 5, programsKilled: 0)),
            try Self.record("2026-05-03 09:00", hours: 1, in: "UTC", outcome: .cleared, lists: ["games"]),
            try Self.record(
                "2026-05-04 09:00", hours: 1, in: "UTC", outcome: .stopped, lists: ["games"],
                blocked: BlockedCounts(attempts: 0, programsKilled: 3)),
        ]
        let stats = FocusStats(
            records: records, now: try Self.at("2026-05-05 12:00", "UTC"), calendar: try Self.calendar("UTC"))
        #expect(stats.outcomes == FocusStats.Outcomes(completed: 1, stopped: 2, cleared: 1))
        #expect(stats.blocked.total == BlockedCounts(attempts: 15, programsKilled: 4))
        #expect(stats.blocked.sessionsRecorded == 3)
        #expect(
            stats.blocked.byList == [
                try BlockListName("social"): BlockedCounts(attempts: 15, programsKilled: 1),
                try BlockListName("news"): BlockedCounts(attempts: 10, programsKilled: 1),
                try BlockListName("games"): BlockedCounts(attempts: 0, programsKilled: 3),
            ])
    }

    @Test func recordsFromADamagedClockCountInTotalsButNotOnDays() throws {
        let now = try Self.at("2026-05-13 12:00", "UTC")
        let ancient = FocusRecord(
            id: 1, start: Date(timeIntervalSince1970: -4e10), end: Date(timeIntervalSince1970: -4e10 + 60),
            focusedSeconds: 60, outcome: .completed, lists: [])
        let stats = FocusStats(
            records: [ancient] + Self.daily([0], minutes: 10, now: now), now: now,
            calendar: try Self.calendar("UTC"))
        #expect(stats.totalSeconds == 660 && stats.todaySeconds == 600 && stats.days.count == 80)
    }
}
