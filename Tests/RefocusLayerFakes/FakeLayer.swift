import RefocusCore
import RefocusEnforcement
import RefocusPlanning

/// An enforcement point in memory: what a layer of `kind` would hold for a
/// plan (`wanted`), a `system` that a test may change behind its back (as
/// someone flushing the ruleset or editing /etc/hosts would), and faults
/// to inject (a failure reported in the outcome, or an error thrown). It
/// behaves as the real layers do: it writes only what differs, says
/// whether it changed anything, notices tampering like `TableWatch`
/// (`needsRepair`), and a change after that (or the first) rewrites the
/// whole (counters reset).
public final class FakeLayer: EnforcementLayer {
    /// Which enforcement point this fake stands for.
    public let kind: LayerKind
    /// What the layer holds for a plan, as sorted entries.
    private let wanted: (EnforcementPlan) -> [String]
    /// Where every fake of a test records its applies, in order.
    public let journal: FakeJournal
    /// What the enforcement point holds now; a test may change it (tampering).
    public var system: [String] = []
    /// What the last apply put in force; nil before the first, after a failure, or once tampering was seen.
    public private(set) var applied: [String]?
    /// When set, each apply fails with this reason (and changes nothing); the others still apply.
    public var failure: Note?
    /// When set, each apply throws it, as the file layers do.
    public var thrown: (any Error)?
    /// Notes each apply reports.
    public var notes: [Note] = []
    /// What each apply asks to be watched; nil: a file named after the kind.
    public var watches: [TamperWatch]?
    /// The running programs each apply reports signalled (the program blocker's).
    public var signalled: [ProgramMatch] = []
    /// The programs an apply that leaves something in force reports holding its policy (the browsers' layers).
    public var holding: [String] = []
    /// How many applies rewrote the whole (each starting its counters at zero).
    public private(set) var replacements = 0

    /// A fake of `kind`, holding `wanted(plan)` after an apply.
    public init(_ kind: LayerKind, journal: FakeJournal, wanted: @escaping (EnforcementPlan) -> [String]) {
        self.kind = kind
        self.journal = journal
        self.wanted = wanted
    }

    /// Whether someone changed what the last apply left; when so, it is
    /// forgotten, so that the next apply rewrites it whole.
    public func needsRepair() -> Bool {
        guard let applied, applied != system else { return false }
        self.applied = nil
        return true
    }

    /// Holds what `plan` asks, unless a fault is set.
    public func apply(_ plan: EnforcementPlan, after earlier: [LayerOutcome]) throws -> LayerOutcome {
        journal.record(kind, earlier: earlier.map(\.layer))
        if let thrown { throw thrown }
        if let failure {
            applied = nil
            return LayerOutcome(layer: kind, state: .failed, failure: failure, notes: notes)
        }
        let want = wanted(plan)
        let changed = system != want
        // Unknown (first apply, or tampering seen): a change rewrites the whole, and its counters start again.
        let replaced = changed && applied == nil
        system = want
        applied = want
        if replaced { replacements += 1 }
        return LayerOutcome(
            layer: kind, state: want.isEmpty ? .idle : .inForce, changed: changed, count: want.count,
            holding: want.isEmpty ? [] : holding, countersReset: replaced, notes: notes,
            watches: watches ?? [.file("/fake/\(kind.rawValue)")],
            signalled: signalled)
    }
}
