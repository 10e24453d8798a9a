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

    /// The allowances the administrator's schedules with `allowance` give
    /// in their windows `inForce` (`AdministratorSchedules.allowancesInForce`):
    /// each user gets each list for that many seconds a day, the day
    /// starting at the minute the window starts (so a window across
    /// midnight is one day), locked until the window ends. Past the window
    /// there is none, so what it blocked is open again.
    public static func ofSchedules(
        _ inForce: [(session: ActiveAdministratorSession, seconds: Int)], zone: LocalZone
    ) -> [StoredAllowance] {
        var given = Set<String>()
        // Two schedules giving one user the same list: the first by name gives it.
        return inForce.flatMap { session, seconds in
            let start = LocalZone.seconds(of: session.start)
            let minute = ((start + zone.offset(at: start)) % 86_400 + 86_400) % 86_400 / 60
            return session.uids.flatMap { uid in
                session.lists.compactMap { list -> StoredAllowance? in
                    guard let daily = try? DailyAllowance(list: list.name, dailySeconds: seconds, resetMinute: minute)
                    else { return nil }
                    guard given.insert("\(uid) \(list.name.rawValue)").inserted else { return nil }
                    var allowance = StoredAllowance(owner: uid, list: list, allowance: daily, lockedUntil: session.end)
                    allowance.setByAdministrator = true
                    return allowance
                }
            }
        }
    }

    /// `administered` first, then those of `stored` that no administered one of the same owner and list replaces.
    public static func inForce(stored: [StoredAllowance], administered: [StoredAllowance]) -> [StoredAllowance] {
        let taken = Set(administered.map { "\($0.owner) \($0.name.rawValue)" })
        return administered + stored.filter { !taken.contains("\($0.owner) \($0.name.rawValue)") }
    }
}
