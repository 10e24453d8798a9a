import Foundation
import Testing

@testable import RefocusCore

/// A session ended by its emergency exit never makes a day count toward a
/// streak, while a stopped one does, as before; both count in the day's
/// focus and the outcomes.
@Suite struct EmergencyStreakTests {
    typealias Stats = FocusStatsTests

    @Test func anEmergencyExitsFocusLeavesTheStreakButNotTheDay() throws {
        let now = try Stats.at("2026-05-13 20:00", "UTC")
        let calendar = try Stats.calendar("UTC")
        let records = [
            try Stats.record("2026-05-11 09:00", hours: 1, in: "UTC", id: 1),
            try Stats.record("2026-05-12 09:00", hours: 1, in: "UTC", id: 2, outcome: .emergency),
            try Stats.record("2026-05-13 09:00", hours: 1, in: "UTC", id: 3, outcome: .stopped),
        ]
        let stats = FocusStats(records: records, now: now, calendar: calendar)
        #expect(stats.streak == FocusStreak(current: 1, longest: 1, includesToday: true), "the 12th does not count")
        #expect(Stats.seconds(stats, ["2026-05-11", "2026-05-12", "2026-05-13"]) == [3600, 3600, 3600])
        #expect(stats.outcomes.emergency == 1 && stats.outcomes.stopped == 1 && stats.outcomes.total == 3)
        // Another session on the same day still makes it count.
        let again = records + [try Stats.record("2026-05-12 15:00", hours: 1, in: "UTC", id: 4)]
        #expect(FocusStats(records: again, now: now, calendar: calendar).streak.current == 3)
        // The same sessions, the 12th's stopped instead: every day counts.
        var stopped = records
        stopped[1].outcome = .stopped
        #expect(FocusStats(records: stopped, now: now, calendar: calendar).streak.current == 3)
    }
}
