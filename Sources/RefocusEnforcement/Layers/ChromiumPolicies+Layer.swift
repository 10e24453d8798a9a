import RefocusCore
import RefocusPlanning

/// The Chromium-family browsers' managed policies as a layer: the desired
/// enforcement's browser rules, and DoH as the policy says. A browser
/// whose file cannot be written is a note; the layer has failed only when
/// no browser holds a policy that is due. Watches the policy folders that
/// exist. Needs root for the real folders.
extension ChromiumPolicies: EnforcementLayer {
    /// Always `.chromium`.
    public var kind: LayerKind { .chromium }

    /// Writes or removes every installed browser's `refocus.json`.
    public func apply(_ plan: EnforcementPlan, after earlier: [LayerOutcome]) -> LayerOutcome {
        let chromium = plan.desired.chromiumPolicy(plan.policy.browsers)
        let outcome = apply(chromium)
        var notes: [Note] = []
        if let chromium, chromium.leftOut > 0, !outcome.holding.isEmpty {
            notes.append(.chromiumRulesOverLimit(count: chromium.leftOut, limit: ChromiumPolicy.maximumPatterns))
        }
        if let chromium, chromium.allowLeftOut > 0, !outcome.holding.isEmpty {
            notes.append(.chromiumAllowedOverLimit(count: chromium.allowLeftOut, limit: ChromiumPolicy.maximumPatterns))
        }
        if let ranges = plan.desired.browserAllowlist(plan.policy.browsers)?.ranges, ranges > 0 {
            notes.append(.allowedRangesNotInBrowsers(count: ranges))
        }
        return .browsers(
            kind, due: chromium != nil, holding: outcome.holding, changed: !outcome.changed.isEmpty,
            problems: outcome.problems, notes: notes, folders: existingFolders())
    }
}
