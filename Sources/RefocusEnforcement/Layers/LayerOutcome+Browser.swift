import RefocusCore

extension LayerOutcome {
    /// The outcome of a browsers' layer: in force while a browser holds
    /// the policy; failed when a policy was `due` and none holds it for
    /// `problems` (each a note, before `notes`); idle otherwise.
    static func browsers(
        _ kind: LayerKind, due: Bool, holding: [String], changed: Bool, problems: [String],
        notes: [Note], folders: [String]
    ) -> LayerOutcome {
        let failed = holding.isEmpty && due && !problems.isEmpty
        return LayerOutcome(
            layer: kind, state: !holding.isEmpty ? .inForce : failed ? .failed : .idle,
            failure: failed ? .remark(problems.joined(separator: "; ")) : nil, changed: changed,
            count: holding.count, holding: holding, notes: problems.map { .remark($0) } + notes,
            watches: folders.map { .folder($0) })
    }
}
