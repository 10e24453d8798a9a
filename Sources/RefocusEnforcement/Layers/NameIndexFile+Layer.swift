import RefocusCore

/// The resolver module's index as a layer: the names the module answers
/// for (`DesiredEnforcement.nameIndex`, none where nsswitch.conf does not
/// name the module, which the `Reconciler` asks before it plans), removed
/// when none. Its count is every name of the index; `perUserCount`, those
/// blocked for some users only. Throws what the write throws: the reconcile stops there, as
/// it always has. Watches the file. Needs root for the default path.
extension NameIndexFile: EnforcementLayer {
    /// Always `.resolverIndex`.
    public var kind: LayerKind { .resolverIndex }

    /// Writes the index `plan` asks for, or removes it.
    public func apply(_ plan: EnforcementPlan, after earlier: [LayerOutcome]) throws -> LayerOutcome {
        let index = plan.desired.nameIndex(policy: plan.policy)
        let changed = try apply(index)
        return LayerOutcome(
            layer: kind, state: index == nil ? .idle : .inForce, changed: changed,
            count: index?.count ?? 0, perUserCount: index?.perUserCount ?? 0, watches: [.file(path)])
    }
}
