import Foundation
import RefocusCore
import RefocusEnforcement
import RefocusOS
import RefocusPlanning
import RefocusProtocol

/// The daemon's answer on its control socket to `reconcile`: what the
/// reconcile found, or why it failed. Both ends are root.
package struct DaemonAnswer: Codable {
    /// The sessions enforced now.
    package var active: [SessionSummary]
    /// Sessions that ended at their planned end during this reconcile.
    package var expired: [SessionSummary]
    /// Remarks for the user.
    package var notes: [Note]
    /// The active lists enforced through /etc/hosts only, with their domain
    /// counts (`DesiredEnforcement.hostsOnlyLists`); nil from an older daemon.
    package var hostsOnly: [BlockListName: Int]?
    /// The active lists enforced through the resolver module only, with
    /// their domain counts (`DesiredEnforcement.resolverOnlyLists`); nil from an older daemon.
    package var resolverOnly: [BlockListName: Int]?
    /// Every owner's daily allowances as the daemon counts them; nil from an older daemon or a reconcile
    /// of the helper's own.
    package var allowances: [AllowanceSummary]?
    /// The failure, when the reconcile failed.
    package var error: String?
    /// The failure's category, so the helper exits as if it had failed itself.
    package var category: ErrorCategory?

    /// The answer for a finished reconcile.
    package init(_ report: Reconciler.Report) {
        active = report.active.map { $0.summary(at: report.now) }
        expired = report.expired.map { $0.summary(at: report.now) }
        notes = report.notes
        hostsOnly = report.desired.hostsOnlyLists
        resolverOnly = report.desired.resolverOnlyLists
    }

    /// The answer when nothing was reconciled: `active` sessions at `now`, nothing expired.
    package init(active sessions: [Session], now: Date) {
        active = sessions.map { $0.summary(at: now) }
        expired = []
        notes = []
    }

    /// The answer for a failed reconcile or a refused command.
    package init(failure: String, category: ErrorCategory = .system) {
        active = []
        expired = []
        notes = []
        error = failure
        self.category = category
    }

    /// The answer for a reconcile that threw `error`.
    package init(failure error: any Error) {
        self.init(failure: "\(error)", category: (error as? any RefocusError)?.category ?? .system)
    }

    var bytes: [UInt8] { Array((try? HelperProtocol.encoder().encode(self)) ?? Data()) }
}
