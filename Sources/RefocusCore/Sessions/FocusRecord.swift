#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One ended session as stats, streaks and the heatmap see it: when it ran,
/// how much of that was focus (its blocks in force), how it ended, what it
/// blocked and what it was for.
public struct FocusRecord: Sendable, Equatable, Codable {
    /// The session's id.
    public var id: Int64
    /// When it started.
    public var start: Date
    /// When it ended.
    public var end: Date
    /// The seconds its blocks were in force: its run less its pauses, and
    /// for a pomodoro session only its work phases. Spread evenly over
    /// `start...end` when a day boundary splits it (where in the session
    /// its pauses and breaks fell is not recorded).
    public var focusedSeconds: Int
    /// How it ended.
    public var outcome: SessionOutcome
    /// The lists it blocked.
    public var lists: [BlockListName]
    /// What it was for.
    public var label: SessionLabel?
    /// The work phases it completed; nil for a plain session.
    public var completedWork: Int?
    /// What it blocked; nil for a session ended before they were recorded.
    public var blocked: BlockedCounts?

    /// A record.
    public init(
        id: Int64, start: Date, end: Date, focusedSeconds: Int, outcome: SessionOutcome,
        lists: [BlockListName], label: SessionLabel? = nil, completedWork: Int? = nil,
        blocked: BlockedCounts? = nil
    ) {
        self.id = id
        self.start = start
        self.end = end
        self.focusedSeconds = focusedSeconds
        self.outcome = outcome
        self.lists = lists
        self.label = label
        self.completedWork = completedWork
        self.blocked = blocked
    }
}

/// What a session blocked while it ran: refused connections and killed programs.
public struct BlockedCounts: Sendable, Equatable, Codable {
    /// Connections to its addresses that the firewall refused.
    public var attempts: UInt64
    /// Its programs killed.
    public var programsKilled: Int

    /// Counts.
    public init(attempts: UInt64, programsKilled: Int) {
        self.attempts = attempts
        self.programsKilled = programsKilled
    }
}
