#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RefocusCore
import RefocusProtocol

/// The rules of daily allowances, apart from any storage: the helper reads
/// the caller's allowances, asks these rules what a request makes of them,
/// and writes the answer.
///
/// Tightening (a lower daily length, an added entry or program) is
/// immediate. While an allowance is locked for the day, a change that
/// loosens it (a higher daily length, a removed entry or program, another
/// reset time) and its removal are refused; unlocked, any change is
/// immediate. The lists are checked as a start's (`SessionRules`): not
/// empty, nothing the policy never blocks, ranges and totals within the
/// administrator's caps.
public enum AllowanceRules {
    /// What a request does to the store.
    public struct Change: Sendable, Equatable {
        /// The allowances to write, new or changed.
        public var saved: [StoredAllowance] = []
        /// The lists whose allowances go.
        public var removed: [BlockListName] = []
    }

    /// Plans `request` of `owner` at `now` (`zone`: the machine's), given
    /// their allowances `existing` and every owner's active `sessions` (the
    /// caps count the allowances' lists as if they were blocked now, with the
    /// resolver module in force or not, as a start's).
    public static func apply(
        _ request: AllowanceRequest, owner: UInt32, existing: [StoredAllowance], sessions: [Session], now: Date,
        zone: LocalZone, policy: Policy, protected: ProtectedAddresses, resolverModule: Bool = false
    ) throws(ProtocolFailure) -> Change {
        switch request.action {
        case .show:
            return Change()
        case .remove:
            for list in request.lists {
                guard let found = existing.first(where: { $0.name == list.name }) else {
                    throw ProtocolFailure(
                        code: .notFound, message: "there is no daily allowance for '\(list.name)'")
                }
                if found.isLocked(at: now) { throw locked(found, zone: zone) }
            }
            return Change(removed: request.lists.map(\.name))
        case .set:
            return try set(
                request, owner: owner, existing: existing, sessions: sessions, now: now, zone: zone, policy: policy,
                protected: protected, resolverModule: resolverModule)
        }
    }

    private static func set(
        _ request: AllowanceRequest, owner: UInt32, existing: [StoredAllowance], sessions: [Session], now: Date,
        zone: LocalZone, policy: Policy, protected: ProtectedAddresses, resolverModule: Bool
    ) throws(ProtocolFailure) -> Change {
        guard let daily = request.daily else {
            throw ProtocolFailure(code: .badRequest, message: "a daily allowance needs its length")
        }
        let shortest = policy.sessionBounds.minimum
        guard daily >= shortest else {
            throw ProtocolFailure(
                code: .lengthOutOfBounds,
                message: "a daily allowance of \(daily) is shorter than the administrator allows: at least "
                    + "\(shortest) (min_session)")
        }
        try SessionRules.checkEntries(request.lists, policy: policy, protected: protected)
        var saved: [StoredAllowance] = []
        for list in request.lists {
            // Without a reset time the list keeps the one it has; a new allowance starts at midnight.
            let resetMinute =
                request.resetMinute ?? existing.first { $0.name == list.name }?.allowance.resetMinute ?? 0
            let allowance: DailyAllowance
            do {
                allowance = try DailyAllowance(list: list.name, dailySeconds: daily.seconds, resetMinute: resetMinute)
            } catch {
                throw ProtocolFailure(code: .badRequest, message: "\(error)")
            }
            var next = StoredAllowance(owner: owner, list: list, allowance: allowance)
            if let old = existing.first(where: { $0.name == list.name }), old.isLocked(at: now) {
                if loosens(old, to: next) { throw locked(old, zone: zone) }
                next.lockedUntil = old.lockedUntil
            }
            if request.locked {
                let until = next.period(at: now, zone: zone).resetsAt
                next.lockedUntil = max(next.lockedUntil ?? until, until)
            }
            saved.append(next)
        }
        let kept = existing.filter { old in !saved.contains { $0.name == old.name } }
        if kept.count + saved.count > AllowanceRequest.maximumAllowances {
            throw ProtocolFailure(
                code: .overLimit,
                message: "you would have \(kept.count + saved.count) daily allowances; at most "
                    + "\(AllowanceRequest.maximumAllowances) are kept: remove one first")
        }
        // Within the caps if every allowance of the owner were used at once: their lists as one locked session.
        let lists = (kept + saved).map(\.list)
        let allUsed = Session(owner: owner, blockLists: lists, start: now, plannedEnd: now, locked: true)
        try SessionRules.checkLimits(
            sessions.filter { $0.isActive(at: now) } + [allUsed], owner: owner, policy: policy,
            resolverModule: resolverModule)
        return Change(saved: saved)
    }

    /// Whether `new` allows more than `old`: more seconds a day, an entry or
    /// program left out, or another reset time.
    static func loosens(_ old: StoredAllowance, to new: StoredAllowance) -> Bool {
        new.allowance.dailySeconds > old.allowance.dailySeconds
            || new.allowance.resetMinute != old.allowance.resetMinute
            || !old.list.entries.isSubset(of: new.list.entries) || !old.list.programs.isSubset(of: new.list.programs)
    }

    /// The refusal of a change to `allowance` while it is locked.
    static func locked(_ allowance: StoredAllowance, zone: LocalZone) -> ProtocolFailure {
        let until = allowance.lockedUntil.map { zone.clock(of: $0) } ?? "its next reset"
        return ProtocolFailure(
            code: .sessionLocked,
            message: "the allowance for '\(allowance.name)' is locked until \(until) (local time)")
    }
}
