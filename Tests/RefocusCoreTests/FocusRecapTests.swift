import Foundation
import Testing
@testable import RefocusCore

/// The recap at a session's end, and stats grouped by label and by list.
@Suite struct FocusRecapTests {
    static let calendar = FocusCalendar(timeZone: .utc)

    @Test func aSessionThatMakesTheSeventhDayReachesTheMilestone() throws {
        let now = try FocusStatsTests.at("2026-05-13 12:00", "UTC")
        let week = FocusStatsTests.daily(Array(0..<7), minutes: 10, now: now)
        let recap = FocusStats.recap(records: week, now: now.addingTimeInterval(600), calendar: Self.calendar)
        #expect(recap == FocusRecap(todaySeconds: 600, streak: 7, milestoneReached: 7))
    }

    @Test func aSecondSessionTheSameDayReachesNothingNew() throws {
        let now = try FocusStatsTests.at("2026-05-13 12:00", "UTC")
        let week = FocusStatsTests.daily(Array(0..<7), minutes: 10, now: now)
        let later = FocusStatsTests.daily([0], minutes: 20, now: now.addingTimeInterval(3600))
        let recap = FocusStats.recap(records: week + later, now: now.addingTimeInterval(7200), calendar: Self.calendar)
        #expect(recap == FocusRecap(todaySeconds: 1800, streak: 7, milestoneReached: nil))
    }

    @Test func aShortSessionKeepsYesterdaysStreak() throws {
        let now = try FocusStatsTests.at("2026-05-13 12:00", "UTC")
        let records =
            FocusStatsTests.daily(Array(1..<7), minutes: 10, now: now)
            + FocusStatsTests.daily([0], minutes: 3, now: now)
        let recap = FocusStats.recap(records: records, now: now.addingTimeInterval(600), calendar: Self.calendar)
        #expect(recap == FocusRecap(todaySeconds: 180, streak: 6, milestoneReached: nil))
        let stricter = FocusStats.recap(records: records, now: now, calendar: Self.calendar, streakMinimumMinutes: 2)
        #expect(stricter == FocusRecap(todaySeconds: 180, streak: 7, milestoneReached: 7))
    }

    @Test func anEmptyHistoryHasNothingToRecap() {
        let recap = FocusStats.recap(
            records: [], now: Date(timeIntervalSince1970: 1_800_000_000), calendar: Self.calendar)
        #expect(recap == FocusRecap(todaySeconds: 0, streak: 0, milestoneReached: nil))
    }

    @Test func groupsByLabelAndByList() throws {
        let records = [
            try FocusStatsTests.record(
                "2026-05-01 09:00", hours: 1, in: "UTC", lists: ["social", "news"], label: "thesis"),
            try FocusStatsTests.record("2026-05-02 09:00", hours: 2, in: "UTC", lists: ["social"]),
            try FocusStatsTests.record("2026-05-03 09:00", hours: 0.5, in: "UTC", lists: ["news"], label: "thesis"),
            try FocusStatsTests.record("2026-05-04 09:00", hours: 0.5, in: "UTC", lists: [], label: "email"),
        ]
        #expect(
            FocusGroup.of(records, by: .label)
                == [
                    FocusGroup(name: "thesis", focusedSeconds: 5400, sessions: 2),
                    FocusGroup(name: nil, focusedSeconds: 7200, sessions: 1),
                    FocusGroup(name: "email", focusedSeconds: 1800, sessions: 1),
                ].sorted { $0.focusedSeconds > $1.focusedSeconds })
        #expect(
            FocusGroup.of(records, by: .list) == [
                FocusGroup(name: "social", focusedSeconds: 10800, sessions: 2),
                FocusGroup(name: "news", focusedSeconds: 5400, sessions: 2),
                FocusGroup(name: nil, focusedSeconds: 1800, sessions: 1),
            ])
        #expect(FocusGroup.of([], by: .label).isEmpty)
    }

    @Test func theUnnamedGroupComesLastAmongEquals() throws {
        let records = [
            try FocusStatsTests.record("2026-05-01 09:00", hours: 1, in: "UTC"),
            try FocusStatsTests.record("2026-05-02 09:00", hours: 1, in: "UTC", label: "b"),
            try FocusStatsTests.record("2026-05-03 09:00", hours: 1, in: "UTC", label: "a"),
        ]
        #expect(FocusGroup.of(records, by: .label).map(\.name) == ["a", "b", nil])
    }
}
