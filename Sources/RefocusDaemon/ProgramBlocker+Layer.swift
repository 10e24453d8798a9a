import RefocusCore
import RefocusEnforcement
import RefocusPlanning

/// The program blocker as the daemon's last layer: the exec guard where
/// the kernel allows it, the process connector (or the /proc scan) else.
extension ProgramBlocker: EnforcementLayer {
    /// Always `.programs`.
    var kind: LayerKind { .programs }

    /// Takes the programs of the sessions `plan` enforces (`update`), with
    /// the guard as the policy's `exec_permission` says; the outcome lists
    /// the running programs signalled.
    func apply(_ plan: EnforcementPlan, after earlier: [LayerOutcome]) -> LayerOutcome {
        let rules = ProgramRules(plan.desired)
        let signalled = update(rules, refusingExecs: plan.policy.enforcement.refuseExecs)
        return LayerOutcome(
            layer: kind, state: rules.isEmpty ? .idle : .inForce, changed: !signalled.isEmpty,
            count: plan.desired.programs.values.reduce(0) { $0 + $1.count }, signalled: signalled)
    }
}
