import Logging
import RefocusCore
import RefocusEnforcement
import RefocusPlanning

/// What the administrator's windows blocked for their users, as the daemon
/// counts it for `refocus-helper report`: the connections the rules for a
/// user alone refused (`TableCounts.userRefusals`, carried across table
/// replacements as `BlockedAttempts` does) and the user's programs of a
/// window's lists that were stopped.
///
/// Each user's counts since the daemon started are compared with what was
/// last added to the store, and the difference is added to every window in
/// force for that user (two schedules at once are each charged, as
/// sessions blocking the same address are). What a user's rules refused
/// while no window of theirs was in force (their own sessions under
/// `user_sessions = "owner"`) is nobody's window's and is dropped; while
/// both were in force it is charged to the window too. A restarted daemon
/// replaces the table, whose counters start at zero, so nothing is added
/// twice; what came after the last keep of a daemon that was killed is lost.
struct AdministeredTally {
    /// Refused per user in tables since replaced.
    private var carried: [UInt32: UInt64] = [:]
    /// The live counters at the last `take`, per user: one lower since is a table reset without a carry.
    private var lastLive: [UInt32: UInt64] = [:]
    /// Programs stopped per user for the administrator's windows.
    private var stopped: [UInt32: Int] = [:]
    /// What was last added to the store (or dropped), per user.
    private var kept: [UInt32: AdministeredBlocked] = [:]

    /// Keeps the per-user counts read just before the table was replaced (its counters start at zero).
    mutating func carry(_ counted: TableCounts) {
        for (uid, count) in counted.userRefusals { carried[uid, default: 0] &+= count }
        lastLive = [:]
    }

    /// Counts the matches whose program a window in force for their owner blocks.
    mutating func record(_ matches: [ProgramMatch], inForce: [ActiveAdministratorSession]) {
        for match in matches
        where inForce.contains(where: {
            $0.uids.contains(match.owner) && $0.lists.contains { $0.programs.contains(match.program) }
        }) {
            stopped[match.owner, default: 0] += 1
        }
    }

    /// What each window of `inForce` blocked since the last call, with
    /// `counted` the live counters; marks it kept (call `addAdministeredBlocked` with it).
    mutating func take(_ counted: TableCounts, inForce: [ActiveAdministratorSession]) -> [AdministeredWindowKey:
        AdministeredBlocked]
    {
        // Counters below the last seen: someone replaced or flushed the table, and the daemon did not
        // carry them; what they had shown is carried now (what came after the last look is lost).
        for (uid, last) in lastLive where (counted.userRefusals[uid] ?? 0) < last { carried[uid, default: 0] &+= last }
        lastLive = counted.userRefusals
        var totals: [UInt32: AdministeredBlocked] = [:]
        for (uid, count) in carried.merging(counted.userRefusals, uniquingKeysWith: &+) {
            totals[uid, default: AdministeredBlocked()].refused = count
        }
        for (uid, count) in stopped { totals[uid, default: AdministeredBlocked()].programsStopped = count }
        var added: [AdministeredWindowKey: AdministeredBlocked] = [:]
        let keys = AdministeredWindowKey.of(inForce)
        for (uid, total) in totals {
            let before = kept[uid] ?? AdministeredBlocked()
            let delta = AdministeredBlocked(
                refused: total.refused >= before.refused ? total.refused - before.refused : 0,
                programsStopped: max(0, total.programsStopped - before.programsStopped))
            kept[uid] = total
            guard delta != AdministeredBlocked() else { continue }
            for key in keys where key.uid == uid { added[key] = delta }
        }
        return added
    }
}
