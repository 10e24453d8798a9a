import Foundation
import Logging
import RefocusCore
import RefocusEnforcement
import RefocusOS
import RefocusPlanning

/// What each session has blocked, as the daemon counts it: refused
/// connections (`BlockedAttempts`, carried across table replacements) and
/// programs killed, kept in the store (`blockedAttempts`, `programsKilled`)
/// so that history and stats have them.
///
/// The counts are written whenever the status file is published with
/// counts that differ from those last written (at most one small UPDATE
/// per publish: the 10 s counts timer, a kill, a reconcile), and a
/// session's final counts in the reconcile that sees it end (completed,
/// stopped or cleared). Writing only at the end would be one write per
/// session, but a daemon killed or a machine losing power mid-session would
/// lose all of its counts; this way it loses at most what came after the
/// last publish. A restarted daemon starts each running session from what
/// the store kept (the new daemon replaces the table, whose counters start
/// at zero again, so nothing is counted twice).
final class BlockedTally {
    private var attempts = BlockedAttempts()
    /// What the administrator's windows blocked for their users.
    private var administered = AdministeredTally()
    /// Programs killed (or sent SIGTERM) per session.
    private var kills: [Int64: Int] = [:]
    /// What the store holds for each session counted.
    private var kept: [Int64: BlockedCounts] = [:]
    private let store: SessionStore
    private let logger: Logger

    /// A tally over `store`, starting the open sessions from the counts it kept.
    init(store: SessionStore, logger: Logger) {
        self.store = store
        self.logger = logger
        do {
            kept = try store.read { transaction in
                try transaction.blockedCounts(of: try transaction.openSessions().compactMap(\.id))
            }
        } catch {
            logger.error("the blocked counts kept in the store were not read; counting from zero: \(error)")
        }
        for (id, count) in kept {
            attempts.resume(id, at: count.attempts)
            kills[id] = count.programsKilled
        }
    }

    /// Keeps the counts read just before the table was replaced (its counters start at zero).
    func carry(_ counted: TableCounts, sessions: [Session], policy: Policy, cache: AddressCache) {
        attempts.carry(counted, sessions: sessions, policy: policy, cache: cache)
        administered.carry(counted)
    }

    /// Counts kills against the owner's session (among `active`) that blocks
    /// the program, and against the administrator's windows `inForce` for the owner that do.
    func record(_ matches: [ProgramMatch], active: [Session], inForce: [ActiveAdministratorSession]) {
        for match in matches {
            if let id = Self.session(of: match, among: active)?.id { kills[id, default: 0] += 1 }
        }
        administered.record(matches, inForce: inForce)
    }

    /// Adds to the store what the administrator's windows `inForce` blocked
    /// since the last call, with `counted` the live counters.
    func keepAdministered(_ counted: TableCounts, inForce: [ActiveAdministratorSession]) {
        let added = administered.take(counted, inForce: inForce)
        guard !added.isEmpty else { return }
        do {
            try store.write { try $0.addAdministeredBlocked(added) }
        } catch {
            logger.error("what the administrator's windows blocked was not kept in the store: \(error)")
        }
    }

    /// The counts of `sessions` so far, with `counted` the live counters.
    func counts(
        _ counted: TableCounts, sessions: [Session], policy: Policy,
        cache: AddressCache
    ) -> [Int64: BlockedCounts] {
        let refused = attempts.totals(counted, sessions: sessions, policy: policy, cache: cache)
        var counts: [Int64: BlockedCounts] = [:]
        for id in sessions.compactMap(\.id) {
            counts[id] = BlockedCounts(attempts: refused[id] ?? 0, programsKilled: kills[id] ?? 0)
        }
        return counts
    }

    /// Writes the counts that differ from those last written.
    func keep(_ counts: [Int64: BlockedCounts]) {
        let changed = counts.filter { kept[$0.key] != $0.value }
        guard !changed.isEmpty else { return }
        do {
            try store.write { try $0.keepBlockedCounts(changed) }
            kept.merge(changed) { $1 }
        } catch {
            logger.error("the blocked counts were not kept in the store: \(error)")
        }
    }

    /// Writes the final counts of sessions that ended, and forgets them.
    func settle(_ final: [Int64: BlockedCounts]) {
        guard !final.isEmpty else { return }
        keep(final)
        attempts.forget(final.keys)
        for id in final.keys {
            kills[id] = nil
            kept[id] = nil
        }
    }

    /// The session among `active` of the match's owner that blocks its program.
    static func session(of match: ProgramMatch, among active: [Session]) -> Session? {
        active.first { $0.owner == match.owner && $0.programs.contains(match.program) }
    }
}
