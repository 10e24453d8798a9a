import Foundation
import RefocusCore
import RefocusPlanning
import RefocusProtocol

extension Reconciler {
    /// What one run found and did: the sessions, and each layer's outcome.
    public struct Report: Sendable {
        /// Sessions closed because their end, or their pending stop or emergency exit, came (as ended).
        public var expired: [Session]
        /// When it ran, on the wall clock.
        public var now: Date
        /// The sessions running now: those that block, and those paused or in a break.
        public var active: [Session]
        /// What is enforced now.
        public var desired: DesiredEnforcement
        /// What each layer did, in the order they ran.
        public var outcomes: [LayerOutcome]
        /// Problems that did not stop enforcement, such as names that did not resolve: the
        /// damaged sessions', then the layers' in their order.
        public var notes: [Note]
        /// Every owner's daily allowances on the day `now` falls in, with the use the store kept;
        /// the spent ones are enforced as locked sessions of their lists (`AllowanceDay.blockingSession`).
        public var allowances: [AllowanceDay] = []
        /// The administrator's schedules in force at `now`, for the users they reach.
        public var administered: [ActiveAdministratorSession] = []
        /// When a schedule's window starts or the one in force ends next, on the wall clock; nil: none.
        public var nextAdministeredChange: Date?

        /// The outcome of the layer of `kind`; nil when the reconciler has none.
        public func outcome(of kind: LayerKind) -> LayerOutcome? {
            outcomes.first { $0.layer == kind }
        }

        /// Whether /etc/hosts was rewritten.
        public var hostsChanged: Bool { outcome(of: .hosts)?.changed ?? false }
        /// How many names the resolver module's index holds (0: no index).
        public var indexedNames: Int { outcome(of: .resolverIndex)?.count ?? 0 }
        /// How many of `indexedNames` are blocked for some users only.
        public var indexedUserNames: Int { outcome(of: .resolverIndex)?.perUserCount ?? 0 }
        /// What blocks addresses now: the table (also when another process keeps it), else the
        /// fallback routes, else nothing.
        public var firewallLayer: FirewallLayer {
            if outcome(of: .table)?.state.holds == true { return .table }
            return outcome(of: .routes)?.state == .inForce ? .routes : .none
        }
        /// How many addresses and ranges the firewall blocks for the sessions,
        /// the sinkhole aside (0: no table).
        public var firewallEntries: Int { firewallLayer == .table ? outcome(of: .table)?.count ?? 0 : 0 }
        /// Whether the firewall's table was replaced or deleted (its counters start at zero again).
        public var firewallCountersReset: Bool { outcome(of: .table)?.countersReset ?? false }
        /// The browsers that hold ReFocus's policy now, Chromium's family first, then Firefox.
        public var browsersHolding: [String] { outcomes.flatMap(\.holding) }
        /// The policy folders to watch for changes by others, in the layers' order.
        public var watchedFolders: [String] {
            outcomes.flatMap(\.watches).compactMap { if case .folder(let path) = $0 { path } else { nil } }
        }
    }
}
