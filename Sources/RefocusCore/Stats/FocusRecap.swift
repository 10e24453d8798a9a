#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What to tell a person when a session ends (No Nonsense Meditation's
/// recap): today's focus, the current streak, and a milestone the session
/// just reached. For `refocus stop` and the end notification.
public struct FocusRecap: Sendable, Equatable {
    /// Today's focused seconds, the ended session included.
    public var todaySeconds: Int
    /// The current streak in days (see `FocusStreak.current`).
    public var streak: Int
    /// The milestone (7, 30, 100 or 365) the latest session's day reached:
    /// today counts, the streak is exactly the milestone, and without that
    /// session today would not have counted; nil otherwise.
    public var milestoneReached: Int?

    /// A recap.
    public init(todaySeconds: Int, streak: Int, milestoneReached: Int?) {
        self.todaySeconds = todaySeconds
        self.streak = streak
        self.milestoneReached = milestoneReached
    }
}

extension FocusStats {
    /// The recap as of `now` of `records`, which hold the session that just
    /// ended (the one that ended last).
    public static func recap(
        records: [FocusRecord], now: Date, calendar: FocusCalendar,
        streakMinimumMinutes: Int = 5
    ) -> FocusRecap {
        let options = Options(streakMinimumMinutes: streakMinimumMinutes, weeks: 1)
        let stats = FocusStats(records: records, now: now, calendar: calendar, options: options)
        var milestone: Int?
        if stats.streak.includesToday, Milestones.days.contains(stats.streak.current),
            let latest = records.indices.max(by: { records[$0].end < records[$1].end })
        {
            var before = records
            before.remove(at: latest)
            let earlier = FocusStats(records: before, now: now, calendar: calendar, options: options)
            if !earlier.streak.includesToday { milestone = stats.streak.current }
        }
        return FocusRecap(todaySeconds: stats.todaySeconds, streak: stats.streak.current, milestoneReached: milestone)
    }
}
