/// Days in a row with enough focus: the day counts when its focused time is
/// at least the streak minimum (`streak_minimum`, 5 minutes by default).
public struct FocusStreak: Sendable, Equatable {
    /// The days in a row up to today when today counts, else up to yesterday (0 when yesterday does not count).
    public var current: Int
    /// The most days in a row.
    public var longest: Int
    /// Whether today already counts (the current streak includes it).
    public var includesToday: Bool

    /// A streak.
    public init(current: Int, longest: Int, includesToday: Bool) {
        self.current = current
        self.longest = longest
        self.includesToday = includesToday
    }

    /// The streak of `counts` (whether each day counts, oldest first), today at `today`.
    init(counts: [Bool], today: Int) {
        var longest = 0
        var run = 0
        for counted in counts {
            run = counted ? run + 1 : 0
            longest = max(longest, run)
        }
        let includesToday = counts.indices.contains(today) && counts[today]
        var current = 0
        var index = includesToday ? today : today - 1
        while counts.indices.contains(index), counts[index] {
            current += 1
            index -= 1
        }
        self.init(current: current, longest: longest, includesToday: includesToday)
    }
}

/// The streak lengths worth celebrating: 7, 30, 100 and 365 days.
///
/// A milestone is reached once the longest streak is that long, and stays
/// reached when a streak breaks; the next one is the first the current
/// streak has yet to reach (so after a break it is 7 again), nil past 365.
public enum Milestones {
    /// 7, 30, 100 and 365 days.
    public static let days = [7, 30, 100, 365]

    /// The milestones a longest streak of `longest` days reached.
    public static func reached(longest: Int) -> [Int] {
        days.filter { $0 <= longest }
    }

    /// The first milestone above a current streak of `current` days; nil past the last.
    public static func next(current: Int) -> Int? {
        days.first { $0 > current }
    }
}
