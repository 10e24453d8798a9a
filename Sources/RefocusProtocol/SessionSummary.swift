#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RefocusCore

/// A session as the helper reports it: who, what, when, how it ended, and
/// how its time runs (`progress`, whose fields sit beside the others in JSON).
public struct SessionSummary: Codable, Sendable, Equatable {
    /// The session's id in the store.
    public var id: Int64
    /// The uid of the user who started it.
    public var owner: UInt32
    /// The names of the lists it blocks.
    public var lists: [BlockListName]
    /// When it started.
    public var start: Date
    /// When it ends (or ended, as planned).
    public var plannedEnd: Date
    /// Whether `stop` is refused until it ends.
    public var locked: Bool
    /// When it really ended; nil while active.
    public var endedAt: Date?
    /// How it ended; nil while active.
    public var outcome: SessionOutcome?
    /// How many distinct entries (domains, addresses, ranges) its lists
    /// block; nil from a helper older than this field.
    public var entries: Int?
    /// How many distinct programs its lists block; nil from an older helper.
    public var programs: Int?
    /// What its time is for; nil for none.
    public var label: SessionLabel?
    /// Whether it blocks its lists or allows only them (`block` from a helper older than this field).
    public var mode: SessionMode
    /// Its pomodoro plan and phase, and its pauses.
    public var progress: SessionProgress
    /// The loosening asked of it that waits for its time (an active session's); nil for none.
    public var pending: PendingChange?
    /// Why its owner took the emergency exit (an ended session's, outcome `emergency`); nil otherwise.
    public var reason: EmergencyReason?
    /// The loosening delay it keeps, in seconds; nil or 0 for none.
    public var delay: Int?

    /// Makes a summary.
    public init(
        id: Int64, owner: UInt32, lists: [BlockListName], start: Date, plannedEnd: Date,
        locked: Bool, endedAt: Date? = nil, outcome: SessionOutcome? = nil, entries: Int? = nil,
        programs: Int? = nil, label: SessionLabel? = nil, mode: SessionMode = .block,
        progress: SessionProgress = SessionProgress(), pending: PendingChange? = nil,
        reason: EmergencyReason? = nil, delay: Int? = nil
    ) {
        self.pending = pending
        self.reason = reason
        self.delay = delay
        self.id = id
        self.owner = owner
        self.lists = lists
        self.start = start
        self.plannedEnd = plannedEnd
        self.locked = locked
        self.endedAt = endedAt
        self.outcome = outcome
        self.entries = entries
        self.programs = programs
        self.label = label
        self.mode = mode
        self.progress = progress
    }

    /// Whether it is paused.
    public var isPaused: Bool { progress.pause?.pausedAt != nil }

    /// The time it has left at `now` (frozen while paused), never negative.
    public func timeLeft(at now: Date) -> TimeInterval {
        max(0, plannedEnd.timeIntervalSince(progress.pause?.pausedAt ?? now))
    }

    private enum CodingKeys: String, CodingKey {
        case id, owner, lists, start, plannedEnd, locked, endedAt, outcome, entries, programs, label, mode
        case pending, reason, delay
    }

    /// Reads the fields, `progress`'s among them.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decode(Int64.self, forKey: .id),
            owner: try container.decode(UInt32.self, forKey: .owner),
            lists: try container.decode([BlockListName].self, forKey: .lists),
            start: try container.decode(Date.self, forKey: .start),
            plannedEnd: try container.decode(Date.self, forKey: .plannedEnd),
            locked: try container.decode(Bool.self, forKey: .locked),
            endedAt: try container.decodeIfPresent(Date.self, forKey: .endedAt),
            outcome: try container.decodeIfPresent(SessionOutcome.self, forKey: .outcome),
            entries: try container.decodeIfPresent(Int.self, forKey: .entries),
            programs: try container.decodeIfPresent(Int.self, forKey: .programs),
            label: try container.decodeIfPresent(SessionLabel.self, forKey: .label),
            mode: try container.decodeIfPresent(SessionMode.self, forKey: .mode) ?? .block,
            progress: try SessionProgress(from: decoder),
            pending: try container.decodeIfPresent(PendingChange.self, forKey: .pending),
            reason: try container.decodeIfPresent(EmergencyReason.self, forKey: .reason),
            delay: try container.decodeIfPresent(Int.self, forKey: .delay))
    }

    /// Writes the fields, `progress`'s beside the others; absent ones are left out.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(owner, forKey: .owner)
        try container.encode(lists, forKey: .lists)
        try container.encode(start, forKey: .start)
        try container.encode(plannedEnd, forKey: .plannedEnd)
        try container.encode(locked, forKey: .locked)
        try container.encodeIfPresent(endedAt, forKey: .endedAt)
        try container.encodeIfPresent(outcome, forKey: .outcome)
        try container.encodeIfPresent(entries, forKey: .entries)
        try container.encodeIfPresent(programs, forKey: .programs)
        try container.encodeIfPresent(label, forKey: .label)
        try container.encode(mode, forKey: .mode)
        try container.encodeIfPresent(pending, forKey: .pending)
        try container.encodeIfPresent(reason, forKey: .reason)
        try container.encodeIfPresent(delay, forKey: .delay)
        try progress.encode(to: encoder)
    }
}

/// How a session's time runs, as reports show it: its pomodoro plan, the
/// phase it is in, its pauses, and the work phases it completed. Each is
/// absent when it does not apply.
public struct SessionProgress: Codable, Sendable, Equatable {
    /// Its work/break plan.
    public var pomodoro: PomodoroPlan?
    /// Its phase (while active).
    public var phase: PhaseStatus?
    /// Its pauses (once paused).
    public var pause: PauseStatus?
    /// The work phases it ran to their end.
    public var completedWork: Int?

    /// A progress.
    public init(
        pomodoro: PomodoroPlan? = nil, phase: PhaseStatus? = nil, pause: PauseStatus? = nil,
        completedWork: Int? = nil
    ) {
        self.pomodoro = pomodoro
        self.phase = phase
        self.pause = pause
        self.completedWork = completedWork
    }
}
