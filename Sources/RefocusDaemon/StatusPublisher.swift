import Foundation
import Logging
import RefocusCore
import RefocusEnforcement
import RefocusOS
import RefocusPlanning
import RefocusProtocol

/// What the daemon tells people: the status file (`/run/refocus/status.json`)
/// with each session's refused connections and killed programs (counted
/// by `BlockedTally`), and the owners' desktop notifications when one of
/// their programs is stopped (at most one per program a minute).
final class StatusPublisher {
    private let status: StatusFile
    /// Sends an owner (uid) a desktop notification: title, then body.
    private let notify: (UInt32, String, String) -> Void
    /// When each owner was last notified of each program, to keep a kill storm to one notification.
    private var lastNotified: [String: ContinuousClock.Instant] = [:]
    private let logger: Logger

    /// A publisher that writes `status`, tells owners through `notify` and logs through `logger`.
    init(status: StatusFile, notify: @escaping (UInt32, String, String) -> Void, logger: Logger) {
        self.status = status
        self.notify = notify
        self.logger = logger
    }

    /// The status file's counts of what `report`'s layers enforce, with programs blocked as `programBlocking` says.
    static func counts(_ report: Reconciler.Report, programBlocking: StatusSnapshot.ProgramBlocking)
        -> StatusSnapshot.Counts
    {
        StatusSnapshot.Counts(
            names: report.desired.hostsNames.count, addresses: report.firewallEntries,
            programs: report.desired.programs.values.reduce(0) { $0 + $1.count },
            programBlocking: programBlocking, firewall: report.firewallLayer,
            resolverNames: report.indexedNames, browserPolicies: report.browsersHolding,
            dohEndpoints: report.firewallLayer == .table ? report.desired.dohAddresses.count : 0)
    }

    /// Writes what `report` enforces, with each session's blocked `counts`
    /// and last hook problem, and every owner's daily `allowances`, when it changed.
    func publish(
        _ report: Reconciler.Report, counts: [Int64: BlockedCounts],
        programBlocking: StatusSnapshot.ProgramBlocking, hookProblems: [Int64: HookReport],
        allowances: [AllowanceSummary] = []
    ) {
        let snapshot = StatusSnapshot(
            sessions: report.active.map {
                StatusSnapshot.ActiveSession(
                    $0.summary(at: report.now),
                    blockedAttempts: counts[$0.id ?? 0]?.attempts ?? 0,
                    programsKilled: counts[$0.id ?? 0]?.programsKilled ?? 0,
                    hookProblem: hookProblems[$0.id ?? 0])
            },
            counts: Self.counts(report, programBlocking: programBlocking), allowances: allowances,
            administered: report.administered.map(AdministeredSummary.init))
        do {
            try status.publish(snapshot)
        } catch {
            logger.error("the status file was not written: \(error)")
        }
    }

    /// Logs kills and tells the owner, naming the lists of the session (among `active`) that blocks the
    /// program, or else the list whose daily allowance (among `allowances`) is used for today.
    func record(_ matches: [ProgramMatch], active: [Session], allowances: [AllowanceDay] = []) {
        let now = ContinuousClock.now
        for match in matches {
            let session = BlockedTally.session(of: match, among: active)
            let spent = allowances.first {
                $0.isSpent && $0.allowance.owner == match.owner && $0.allowance.list.programs.contains(match.program)
            }
            logger.info("stopped \(match.program) of uid \(match.owner) (matched its \(match.field.rawValue))")
            let key = "\(match.owner) \(match.program)"
            if let last = lastNotified[key], now - last < .seconds(60) { continue }
            lastNotified[key] = now
            let why =
                if let session {
                    "It is on a block list of your focus session (\(session.lists.map(\.rawValue).joined(separator: ", ")))."
                } else if let spent {
                    "It is on list '\(spent.allowance.name)', whose daily allowance is used for today."
                } else {
                    "It is on a block list of your focus session."
                }
            notify(match.owner, "ReFocus blocked \(match.program)", why)
        }
    }
}
