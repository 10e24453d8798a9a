#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The figures of `refocus stats`, worked out from the ended sessions:
/// focused time today, this week and in all, how sessions ended, the
/// current and longest streak, milestones, what was blocked, and each
/// day's focus for the heatmap. Pure: the caller passes `now` and the calendar.
///
/// Days are local days of `calendar.timeZone`: a session across midnight is
/// split at midnight in proportion to its time on each side, and a DST day
/// is as long as it really is. Records more than 100 years before `now` or
/// more than a year after it (a damaged clock) are left out of the days but
/// counted in the totals and outcomes.
public struct FocusStats: Sendable, Equatable {
    /// What the figures are counted with.
    public struct Options: Sendable, Equatable {
        /// The focused minutes a day needs to count for a streak (1...1440).
        public var streakMinimumMinutes: Int
        /// How many weeks `days` covers, ending with this week.
        public var weeks: Int

        /// Options; 5 minutes and 12 weeks by default.
        public init(streakMinimumMinutes: Int = 5, weeks: Int = 12) {
            self.streakMinimumMinutes = streakMinimumMinutes
            self.weeks = max(1, weeks)
        }
    }

    /// How many sessions ended each way.
    public struct Outcomes: Sendable, Equatable {
        /// Ran to their planned end.
        public var completed = 0
        /// Stopped early by their owner.
        public var stopped = 0
        /// Cleared by root.
        public var cleared = 0
        /// Ended through a locked session's emergency exit.
        public var emergency = 0

        /// All of them.
        public var total: Int { completed + stopped + cleared + emergency }
    }

    /// The day `now` falls on.
    public var today: LocalDay
    /// The first day of this week.
    public var weekStart: LocalDay
    /// Focused seconds today, this week (from `weekStart`) and in all.
    public var todaySeconds: Int
    public var weekSeconds: Int
    public var totalSeconds: Int
    /// How the sessions ended.
    public var outcomes: Outcomes
    /// Days in a row with at least `streakMinimumMinutes` of focus, not
    /// counting the focus of sessions ended by their emergency exit.
    public var streak: FocusStreak
    /// What the sessions blocked, in all and per list.
    public var blocked: BlockedTotals
    /// Each day's focused seconds for the heatmap: `options.weeks` weeks, from
    /// the start of the first through today (the rest of this week is not there yet).
    public var days: [DayFocus]
    /// What the figures were counted with.
    public var options: Options

    /// The milestones reached (by the longest streak).
    public var milestonesReached: [Int] { Milestones.reached(longest: streak.longest) }
    /// The next milestone for the current streak; nil past 365 days.
    public var nextMilestone: Int? { Milestones.next(current: streak.current) }

    /// The figures for `records` as of `now`.
    public init(records: [FocusRecord], now: Date, calendar: FocusCalendar, options: Options = Options()) {
        let today = calendar.day(of: now)
        let weekStart = today.weekStart(firstWeekday: calendar.firstWeekday)
        let firstShown = weekStart.adding(days: -7 * (options.weeks - 1))
        let table = FocusDayTable(records: records, now: now, calendar: calendar, reaching: firstShown)
        let seconds = table.dailySeconds(records).map { Int($0.rounded()) }
        func index(_ day: LocalDay) -> Int { day.number - table.first.number }
        let todayIndex = index(today)

        self.today = today
        self.weekStart = weekStart
        todaySeconds = seconds[todayIndex]
        weekSeconds = seconds[index(weekStart)...todayIndex].reduce(0, +)
        totalSeconds = records.reduce(0) { $0 + max(0, $1.focusedSeconds) }
        outcomes = Outcomes(records)
        let minimum = options.streakMinimumMinutes * 60
        // A session ended by its emergency exit never makes a day count toward a streak: its focus is left out.
        let streakSeconds =
            records.contains { $0.outcome == .emergency }
            ? table.dailySeconds(records.filter { $0.outcome != .emergency }).map { Int($0.rounded()) } : seconds
        streak = FocusStreak(counts: streakSeconds.map { $0 >= minimum }, today: todayIndex)
        blocked = BlockedTotals(records)
        days = (index(firstShown)...todayIndex).map { DayFocus(day: table.day(at: $0), seconds: seconds[$0]) }
        self.options = options
    }
}

/// One day's focus.
public struct DayFocus: Sendable, Equatable {
    /// The day.
    public var day: LocalDay
    /// Its focused seconds.
    public var seconds: Int

    /// A day's focus.
    public init(day: LocalDay, seconds: Int) {
        self.day = day
        self.seconds = seconds
    }
}

extension FocusStats.Outcomes {
    /// The outcomes of `records`.
    init(_ records: [FocusRecord]) {
        for record in records {
            switch record.outcome {
            case .completed: completed += 1
            case .stopped: stopped += 1
            case .cleared: cleared += 1
            case .emergency: emergency += 1
            }
        }
    }
}

extension FocusDayTable {
    /// The years a record may lie before `now` and still be placed on its days.
    static let yearsKept = 100.0

    /// A table from the first day of `records` (or `reaching`, when earlier)
    /// through today or the last record's end, within the bounds above.
    init(records: [FocusRecord], now: Date, calendar: FocusCalendar, reaching first: LocalDay) {
        let lowest = now.addingTimeInterval(-Self.yearsKept * 365.25 * 86_400)
        let highest = now.addingTimeInterval(366 * 86_400)
        var from = now
        var through = now
        for record in records where record.start >= lowest && record.end <= highest {
            from = min(from, record.start)
            through = max(through, record.end)
        }
        // The heatmap's first day: a week and a day more than the day count, for any zone's offset.
        let shown = now.addingTimeInterval(-Double(calendar.day(of: now).number - first.number + 2) * 86_400)
        self.init(from: min(from, shown), through: through, calendar: calendar)
    }
}
