import RefocusCore

/// The /etc/hosts section as a layer: the desired enforcement's names
/// mapped to the sinkhole while any are blocked, no section otherwise.
/// Throws what `apply(body:)` throws (a damaged section, a body over the
/// cap, a write that failed): the reconcile stops there, as it always has.
/// Watches the file. Needs root for the default path.
extension HostsFile: EnforcementLayer {
    /// Always `.hosts`.
    public var kind: LayerKind { .hosts }

    /// Writes the section `plan` asks for, or removes it.
    public func apply(_ plan: EnforcementPlan, after earlier: [LayerOutcome]) throws -> LayerOutcome {
        let active = plan.hostsActive
        let outcome = try apply(body: active ? plan.desired.hostsBody : nil)
        return LayerOutcome(
            layer: kind, state: active ? .inForce : .idle, changed: outcome.changed,
            count: active ? plan.desired.hostsNames.count : 0, notes: outcome.notes.map { .remark($0) },
            watches: [.file(path)])
    }
}
