#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RefocusCore

/// A daily allowance as the helper answers it and the daemon publishes it
/// in the status file: whose, for which list, how much of today's is used,
/// and whether it is being used now.
public struct AllowanceSummary: Codable, Sendable, Equatable {
    /// The uid of its owner.
    public var owner: UInt32
    /// The list it applies to.
    public var list: BlockListName
    /// The use it allows a day, in seconds.
    public var dailySeconds: Int
    /// The seconds used since the last reset, up to the moment the summary
    /// was made; while counting (`countingSince`), up to the moment the
    /// current run began, so that `used(at:)` adds the run's time once.
    public var usedSeconds: Int
    /// While a program of the list runs: the wall-clock moment counting
    /// began, so that a reader adds `now - countingSince` to `usedSeconds`
    /// (up to `dailySeconds`); nil when nothing is counted.
    public var countingSince: Date?
    /// When the day's allowance starts again (the next reset).
    public var resetsAt: Date
    /// Until when it is locked (its next reset); nil when it is not locked.
    public var lockedUntil: Date?
    /// Whether today's allowance is used: the list is blocked until `resetsAt`.
    public var spent: Bool
    /// How many programs the list holds.
    public var programs: Int
    /// How many domains the list holds.
    public var domains: Int
    /// True when the administrator set it in the policy (`[[allowance]]`):
    /// locked at all times, and its list is the policy's; nil (not written) otherwise.
    public var setByAdministrator: Bool?

    /// Makes a summary.
    public init(
        owner: UInt32, list: BlockListName, dailySeconds: Int, usedSeconds: Int, countingSince: Date? = nil,
        resetsAt: Date, lockedUntil: Date? = nil, spent: Bool, programs: Int, domains: Int,
        setByAdministrator: Bool? = nil
    ) {
        self.setByAdministrator = setByAdministrator
        self.owner = owner
        self.list = list
        self.dailySeconds = dailySeconds
        self.usedSeconds = usedSeconds
        self.countingSince = countingSince
        self.resetsAt = resetsAt
        self.lockedUntil = lockedUntil
        self.spent = spent
        self.programs = programs
        self.domains = domains
    }

    /// The seconds used at `now`: `usedSeconds`, plus the time counted since
    /// `countingSince` while counting, never more than `dailySeconds`.
    public func used(at now: Date) -> Int {
        guard let countingSince, !spent else { return min(usedSeconds, dailySeconds) }
        let running = max(0, Int(now.timeIntervalSince(countingSince)))
        return min(dailySeconds, usedSeconds + running)
    }

    /// The seconds left at `now`.
    public func left(at now: Date) -> Int {
        spent ? 0 : dailySeconds - used(at: now)
    }
}
