import RefocusCore

/// What one reconcile asks of every layer: the desired enforcement of the
/// sessions that enforce now, the administrator's policy and the clocks.
/// Pure values; each layer takes its part (`DesiredEnforcement` renders
/// the hosts section, the index, the browsers' policies, the addresses).
public struct EnforcementPlan: Sendable {
    /// What is enforced now.
    public var desired: DesiredEnforcement
    /// The administrator's policy, as the reconciler holds it.
    public var policy: Policy
    /// The clocks, read once for the reconcile.
    public var clock: ClockReading

    /// A plan for one reconcile.
    public init(desired: DesiredEnforcement, policy: Policy, clock: ClockReading) {
        self.desired = desired
        self.policy = policy
        self.clock = clock
    }

    /// Whether the /etc/hosts section is in force: the sinkhole it points
    /// names at is blocked too, by the table or else by routes.
    public var hostsActive: Bool { !desired.hostsNames.isEmpty }
}
