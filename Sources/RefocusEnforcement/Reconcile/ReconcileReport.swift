import Foundation
import RefocusCore

extension Reconciler {
    /// What one run found and did.
    public struct Report: Sendable {
        /// Sessions closed because their end had passed.
        public var expired: [Session]
        /// When it ran, on the wall clock.
        public var now: Date
        /// The sessions running now: those that block, and those paused or in a break.
        public var active: [Session]
        /// What is enforced now.
        public var desired: DesiredEnforcement
        /// Whether /etc/hosts was rewritten.
        public var hostsChanged: Bool
        /// How many names the resolver module's index holds (0: no index).
        public var indexedNames: Int
        /// Whether the index was written or removed.
        public var indexChanged: Bool
        /// Which Chromium-family browsers' `refocus.json` changed, and which hold it now.
        public var browserPolicies: ChromiumPolicies.Outcome
        /// Whether Firefox's policies.json changed, and holds the policy now.
        public var firefoxPolicy: FirefoxPolicies.Outcome
        /// How many addresses and ranges the firewall blocks for the sessions,
        /// the sinkhole aside (0: no table).
        public var firewallEntries: Int
        /// What blocks addresses now.
        public var firewallLayer: FirewallLayer
        /// Whether the firewall's table was replaced or deleted (its counters start at zero again).
        public var firewallCountersReset: Bool
        /// Problems that did not stop enforcement, such as names that did not resolve.
        public var notes: [String]
    }
}
