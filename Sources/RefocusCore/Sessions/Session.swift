#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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
    /// Where its time is anchored on the boot-time clock (see `SessionClock`);
    /// nil for a session stored before anchors existed.
    public var anchor: BootAnchor?

    /// Makes an active session.
    public init(id: Int64? = nil, owner: UInt32, blockLists: [BlockList], start: Date, plannedEnd: Date,
                locked: Bool, endedAt: Date? = nil, outcome: SessionOutcome? = nil, anchor: BootAnchor? = nil) {
        self.id = id
        self.owner = owner
        self.blockLists = blockLists.sorted { $0.name < $1.name }
        self.start = start
        self.plannedEnd = plannedEnd
        self.locked = locked
        self.endedAt = endedAt
        self.outcome = outcome
        self.anchor = anchor
    }

    /// The names of its lists, sorted.
    public var lists: [BlockListName] { blockLists.map(\.name) }

    /// The program names of all its lists.
    public var programs: Set<ProgramName> { blockLists.reduce(into: []) { $0.formUnion($1.programs) } }

    /// Whether the session blocks at `now`: not ended, and its end not passed.
    public func isActive(at now: Date) -> Bool {
        endedAt == nil && now < plannedEnd
    }

    /// What the helper reports of it.
    public var summary: SessionSummary {
        SessionSummary(id: id ?? 0, owner: owner, lists: lists, start: start, plannedEnd: plannedEnd,
                       locked: locked, endedAt: endedAt, outcome: outcome)
    }
}
