#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RefocusCore

/// The daily allowances in force: the administrator's from the policy
/// (`PolicyAllowance`, for each of its users that exists) and the users'
/// own from the store. An administrator's allowance of a list wins over the
/// user's own of the same name, which is left out (and its use, kept per
/// owner, list and day, goes on counting for the administrator's).
public enum AdministeredAllowances {
    /// The policy's allowances of `owner` (nil: of every user) at `now`, each
    /// locked until its next reset; `uid` looks a login name up (nil: no such user).
    public static func of(
        _ policy: Policy, owner: UInt32?, at now: Date, zone: LocalZone, uid: (String) -> UInt32?
    ) -> [StoredAllowance] {
        policy.allowances.flatMap { administered in
            administered.users.compactMap(uid).filter { owner == nil || $0 == owner }.map { user in
                var allowance = StoredAllowance(owner: user, list: administered.list, allowance: administered.allowance)
                allowance.lockedUntil = allowance.period(at: now, zone: zone).resetsAt
                allowance.setByAdministrator = true
                return allowance
            }
        }
    }

    /// `administered` first, then those of `stored` that no administered one of the same owner and list replaces.
    public static func inForce(stored: [StoredAllowance], administered: [StoredAllowance]) -> [StoredAllowance] {
        let taken = Set(administered.map { "\($0.owner) \($0.name.rawValue)" })
        return administered + stored.filter { !taken.contains("\($0.owner) \($0.name.rawValue)") }
    }
}
