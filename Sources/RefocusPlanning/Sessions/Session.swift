#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RefocusCore
import RefocusProtocol

/// A focus session as the helper stores it: who started it, what it
/// blocks, and when it ends. An ended session is history.
public struct Session: Sendable, Equatable {
    /// The store's id; nil before the session is stored.
    public var id: Int64?
    /// The uid of the user who started it.
    public var owner: UInt32
    /// The lists it blocks, with their contents as they were at the start, sorted by name.
    public var blockLists: [BlockList]
    /// When it started.
    public var start: Date
    /// When it ends.
    public var plannedEnd: Date
    /// Whether `stop` is refused until it ends.
    public var locked: Bool
    /// When it really ended; nil while active.
    public var endedAt: Date?
    /// How it ended; nil while active.
    public var outcome: SessionOutcome?
    /// How its time runs: its boot-time anchor, pomodoro plan and pauses.
    public var timeline: SessionTimeline
    /// What its time is for; nil for none.
    public var label: SessionLabel?
    /// What its lists held, kept when an ended session's lists were reduced
    /// to their names (`compacted`); nil while the lists are whole.
    public var keptCounts: ListCounts?
    /// Whether its owner is told when it, or one of its phases, ends.
    public var notify: Bool
    /// Whether it blocks its lists or allows only them to its owner.
    public var mode: SessionMode
    /// While it runs, the loosening asked of it that waits for its time (a
    /// stop, a pause, the emergency exit); once ended, the stop or
    /// emergency exit that ended it, kept in history (its reason, and when
    /// it was asked for: the week's allowance counts it). Nil for none.
    public var pending: PendingChange?
    /// Its loosening delay in seconds: how long its stop or pause waits; 0 for none.
    public var delay = 0
    /// The lists a pending `loosen` takes at its time, sorted by name; nil unless one is pending.
    public var pendingLists: [BlockList]?

    /// Makes an active session.
    public init(
        id: Int64? = nil, owner: UInt32, blockLists: [BlockList], start: Date, plannedEnd: Date,
        locked: Bool, endedAt: Date? = nil, outcome: SessionOutcome? = nil, anchor: BootAnchor? = nil,
        keptCounts: ListCounts? = nil, label: SessionLabel? = nil, pomodoro: PomodoroPlan? = nil,
        notify: Bool = true, mode: SessionMode = .block
    ) {
        self.id = id
        self.owner = owner
        self.blockLists = blockLists.sorted { $0.name < $1.name }
        self.start = start
        self.plannedEnd = plannedEnd
        self.locked = locked
        self.endedAt = endedAt
        self.outcome = outcome
        timeline = SessionTimeline(anchor: anchor, pomodoro: pomodoro)
        self.keptCounts = keptCounts
        self.label = label
        self.notify = notify
        self.mode = mode
    }

    /// Where its time is anchored on the boot-time clock (see `SessionClock`).
    public var anchor: BootAnchor? {
        get { timeline.anchor }
        set { timeline.anchor = newValue }
    }

    /// The names of its lists, sorted.
    public var lists: [BlockListName] { blockLists.map(\.name) }

    /// The program names of all its lists; none for an allowlist session,
    /// where programs have no meaning.
    public var programs: Set<ProgramName> {
        mode == .allow ? [] : blockLists.reduce(into: []) { $0.formUnion($1.programs) }
    }

    /// How many distinct entries and programs its lists hold (or held, once compacted).
    public var counts: ListCounts {
        keptCounts
            ?? ListCounts(
                entries: blockLists.reduce(into: Set<BlockEntry>()) { $0.formUnion($1.entries) }.count,
                programs: programs.count)
    }

    /// The session with its lists reduced to their names and its counts
    /// kept: what history keeps of an ended session.
    public var compacted: Session {
        var copy = self
        copy.keptCounts = counts
        copy.blockLists = blockLists.map { BlockList(name: $0.name) }
        return copy
    }

    /// Whether the session is running at `now`: not ended, and paused or
    /// its end not passed. Whether it blocks is `enforces(at:)`.
    public func isActive(at now: Date) -> Bool {
        endedAt == nil && (isPaused || now < plannedEnd)
    }

    /// What the helper reports of it at `now`.
    public func summary(at now: Date) -> SessionSummary {
        let pause =
            timeline.pauses == 0
            ? nil
            : PauseStatus(
                pausedAt: timeline.pausedAt, seconds: Int(timeline.pausedSeconds.rounded()),
                count: timeline.pauses)
        return SessionSummary(
            id: id ?? 0, owner: owner, lists: lists, start: start, plannedEnd: plannedEnd,
            locked: locked, endedAt: endedAt, outcome: outcome, entries: counts.entries,
            programs: counts.programs, label: label, mode: mode,
            progress: SessionProgress(
                pomodoro: timeline.pomodoro, phase: phaseStatus(at: now),
                pause: pause, completedWork: completedWork(at: now)),
            pending: endedAt == nil ? pending : nil, reason: outcome == .emergency ? pending?.reason : nil,
            delay: delay > 0 ? delay : nil)
    }
}

/// How many entries (domains, addresses, ranges) and programs a session's
/// lists hold, each counted once.
public struct ListCounts: Sendable, Equatable, Codable {
    /// Distinct domains, addresses and ranges.
    public var entries: Int
    /// Distinct program names.
    public var programs: Int

    /// Counts.
    public init(entries: Int, programs: Int) {
        self.entries = entries
        self.programs = programs
    }
}
