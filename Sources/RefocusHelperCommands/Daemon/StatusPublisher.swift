import Foundation
import Logging
import RefocusCore
import RefocusEnforcement
import RefocusOS

/// What the daemon tells people: the status file (`/run/refocus/status.json`)
/// with each session's refused connections (`BlockedAttempts`, carried
/// across table replacements) and killed programs, and the owners'
/// desktop notifications when one of their programs is stopped (at most one
/// per program a minute).
final class StatusPublisher {
    private let status = StatusFile()
    private var blockedAttempts = BlockedAttempts()
    /// Programs killed (or sent SIGTERM) per session since the daemon started.
    private var killsBySession: [Int64: Int] = [:]
    /// When each owner was last notified of each program, to keep a kill storm to one notification.
    private var lastNotified: [String: ContinuousClock.Instant] = [:]
    private let logger: Logger

    /// A publisher that logs through `logger`.
    init(logger: Logger) {
        self.logger = logger
    }

    /// Keeps the counts `hits` read just before the table was replaced (its counters start at zero).
    func carry(_ hits: [IPAddress: UInt64], sessions: [Session], policy: Policy, cache: AddressCache) {
        blockedAttempts.carry(hits, sessions: sessions, policy: policy, cache: cache)
    }

    /// Writes what `report` enforces, with the live `hits` and each session's
    /// last hook problem, when it changed.
    func publish(_ report: Reconciler.Report, hits: [IPAddress: UInt64], programBlocking: StatusSnapshot.ProgramBlocking,
                 policy: Policy, cache: AddressCache, hookProblems: [Int64: HookReport]) {
        let programs = report.desired.programs.values.reduce(0) { $0 + $1.count }
        let refused = blockedAttempts.totals(hits, sessions: report.active, policy: policy, cache: cache)
        let snapshot = StatusSnapshot(
            sessions: report.active.map {
                StatusSnapshot.ActiveSession($0.summary(at: report.now), blockedAttempts: refused[$0.id ?? 0] ?? 0,
                                             programsKilled: killsBySession[$0.id ?? 0] ?? 0,
                                             hookProblem: hookProblems[$0.id ?? 0])
            },
            counts: StatusSnapshot.Counts(names: report.desired.hostsNames.count, addresses: report.firewallEntries,
                                          programs: programs, programBlocking: programBlocking,
                                          firewall: report.firewallLayer))
        do {
            try status.publish(snapshot)
        } catch {
            logger.error("the status file was not written: \(error)")
        }
    }

    /// Counts kills against the owner's session (among `active`) that blocks
    /// the program, and tells the owner.
    func record(_ matches: [ProgramMatch], active: [Session]) {
        let now = ContinuousClock.now
        for match in matches {
            let session = active.first { $0.owner == match.owner && $0.programs.contains(match.program) }
            if let id = session?.id { killsBySession[id, default: 0] += 1 }
            logger.info("stopped \(match.program) of uid \(match.owner) (matched its \(match.field.rawValue))")
            let key = "\(match.owner) \(match.program)"
            if let last = lastNotified[key], now - last < .seconds(60) { continue }
            lastNotified[key] = now
            OwnerNotification.send(to: match.owner, title: "ReFocus blocked \(match.program)",
                                   body: "It is on a block list of your focus session"
                                       + (session.map { " (\($0.lists.map(\.rawValue).joined(separator: ", ")))" } ?? "") + ".")
        }
    }
}
