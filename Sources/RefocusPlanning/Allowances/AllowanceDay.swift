#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RefocusCore
import RefocusProtocol

/// A daily allowance on the day an instant falls in, with the use the
/// store kept for that day: what the reconciler enforces (a spent one is
/// blocked, `blockingSession`) and the daemon counts (an open one).
public struct AllowanceDay: Sendable, Equatable {
    /// The allowance.
    public var allowance: StoredAllowance
    /// The day of it the instant falls in.
    public var period: AllowancePeriod
    /// The seconds of that day's use the store kept.
    public var usedSeconds: Int

    /// The allowance at `now` in `zone`, with `usedSeconds` of its day used.
    public init(_ allowance: StoredAllowance, at now: Date, zone: LocalZone, usedSeconds: Int) {
        self.allowance = allowance
        period = allowance.period(at: now, zone: zone)
        self.usedSeconds = usedSeconds
    }

    /// Whether the day's allowance is used.
    public var isSpent: Bool { allowance.isSpent(used: usedSeconds) }

    /// What the helper and the status file report of it at `now`: the store's
    /// use, or `used` (the daemon's count) and `countingSince` while a program of it runs.
    public func summary(at now: Date, used: Int? = nil, countingSince: Date? = nil) -> AllowanceSummary {
        allowance.summary(
            at: now, resetsAt: period.resetsAt, used: used ?? usedSeconds, countingSince: countingSince)
    }

    /// While it is open: its sites, which the table meters (nil when spent or without sites).
    public func meteredSites(policy: Policy) -> MeteredSites? {
        isSpent ? nil : MeteredSites(allowance, policy: policy)
    }

    /// Whether its list has sites (names or addresses) the daemon meters while it is open.
    public var hasSites: Bool {
        allowance.list.entries.contains { $0.domain != nil || $0.addressRange != nil }
    }

    /// While it is spent: its list as a locked session of that list alone,
    /// from the day's start to the next reset (`StoredAllowance.blockingSession`).
    public var blockingSession: Session? {
        guard isSpent else { return nil }
        return Session(
            owner: allowance.owner, blockLists: [allowance.list], start: period.begins, plannedEnd: period.resetsAt,
            locked: true, notify: false)
    }
}
