import RefocusCore
import RefocusPlanning

/// Firefox's enterprise policies as a layer (merged into the
/// administrator's file): the desired enforcement's browser rules, and DoH
/// as the policy says. A file that cannot be written is a note and the
/// layer's failure; patterns over Firefox's limit are a note. Watches the
/// policy folder when it exists. Needs root for the real paths.
extension FirefoxPolicies: EnforcementLayer {
    /// Always `.firefox`.
    public var kind: LayerKind { .firefox }

    /// Merges the policy into Firefox's file, or restores the administrator's.
    public func apply(_ plan: EnforcementPlan, after earlier: [LayerOutcome]) -> LayerOutcome {
        let policy = plan.desired.firefoxPolicy(plan.policy.browsers)
        let outcome = apply(policy)
        let overLimit: [Note] =
            outcome.leftOut > 0
            ? [.firefoxRulesOverLimit(count: outcome.leftOut, limit: FirefoxPolicy.maximumPatterns)] : []
        return .browsers(
            kind, due: policy != nil, holding: outcome.holding ? ["firefox"] : [], changed: outcome.changed,
            problems: outcome.problems, notes: overLimit, folders: existingFolder().map { [$0] } ?? [])
    }
}
