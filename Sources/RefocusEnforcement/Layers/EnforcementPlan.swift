import RefocusCore
import RefocusPlanning

/// What one reconcile asks of every layer: the desired enforcement of the
/// sessions that enforce now, the administrator's policy, the clocks and
/// the addresses the system needs (read once by the caller).
/// Pure values; each layer takes its part (`DesiredEnforcement` renders
/// the hosts section, the index, the browsers' policies, the addresses).
public struct EnforcementPlan: Sendable {
    /// What is enforced now.
    public var desired: DesiredEnforcement
    /// The administrator's policy, as the reconciler holds it.
    public var policy: Policy
    /// The clocks, read once for the reconcile.
    public var clock: ClockReading
    /// The addresses the system needs, never blocked (`SystemProtections.read()`, once per reconcile).
    public var system: [ProtectedAddresses.Protection]

    /// A plan for one reconcile.
    public init(
        desired: DesiredEnforcement, policy: Policy, clock: ClockReading,
        system: [ProtectedAddresses.Protection] = []
    ) {
        self.desired = desired
        self.policy = policy
        self.clock = clock
        self.system = system
    }

    /// Whether the /etc/hosts section is in force.
    public var hostsActive: Bool { !desired.hostsNames.isEmpty }

    /// Whether any name is answered with the sinkhole (by the hosts
    /// section, or by the resolver module for everyone or for some users):
    /// the sinkhole is then refused too, by the table or else by routes, so
    /// that a connection to a blocked name fails at once.
    public var sinkholeInUse: Bool {
        hostsActive || !desired.indexedNames.isEmpty || desired.userBlocks.values.contains { !$0.indexedNames.isEmpty }
    }
}
