#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RefocusCore
import RefocusProtocol

/// A daily allowance as the store keeps it: its owner, the list whole (as a
/// session keeps its lists: what is blocked once the day's allowance is
/// used), the seconds a day, the reset minute, and until when it is locked.
public struct StoredAllowance: Sendable, Equatable {
    /// The uid of its owner.
    public var owner: UInt32
    /// The list, with its entries and programs as they were set.
    public var list: BlockList
    /// The seconds of use a day and the reset minute.
    public var allowance: DailyAllowance
    /// Until when it may only tighten (a reset); nil when it is not locked.
    public var lockedUntil: Date?
    /// Whether the administrator set it in the policy (`PolicyAllowance`): locked at all times, never stored.
    public var setByAdministrator = false

    /// Makes an allowance of `owner` for `list`; `allowance.list` is the list's name.
    public init(owner: UInt32, list: BlockList, allowance: DailyAllowance, lockedUntil: Date? = nil) {
        self.owner = owner
        self.list = list
        self.allowance = allowance
        self.lockedUntil = lockedUntil
    }

    /// The list's name.
    public var name: BlockListName { list.name }

    /// Whether it is locked at `now`.
    public func isLocked(at now: Date) -> Bool {
        lockedUntil.map { $0 > now } ?? false
    }

    /// The day of the allowance `now` falls in, in `zone`.
    public func period(at now: Date, zone: LocalZone) -> AllowancePeriod {
        AllowancePeriod(containing: now, resetMinute: allowance.resetMinute, zone: zone)
    }

    /// Whether `used` seconds spend today's allowance.
    public func isSpent(used: Int) -> Bool {
        used >= allowance.dailySeconds
    }

    /// What the helper and the status file report of it at `now`, with `used`
    /// seconds counted on the day that ends at `resetsAt`, and counting since
    /// `countingSince` (wall clock) when a program of it runs.
    public func summary(at now: Date, resetsAt: Date, used: Int, countingSince: Date? = nil) -> AllowanceSummary {
        let spent = isSpent(used: used)
        return AllowanceSummary(
            owner: owner, list: name, dailySeconds: allowance.dailySeconds,
            usedSeconds: min(used, allowance.dailySeconds), countingSince: spent ? nil : countingSince,
            resetsAt: resetsAt, lockedUntil: isLocked(at: now) ? lockedUntil : nil,
            spent: spent, programs: list.programs.count, domains: list.domains.count,
            setByAdministrator: setByAdministrator ? true : nil)
    }
}
