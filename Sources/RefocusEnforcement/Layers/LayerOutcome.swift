import RefocusCore
import RefocusPlanning

/// What one layer's `apply` did: the typed result the `Reconciler` gathers
/// into its report and the daemon reads its watches, counts and status from.
public struct LayerOutcome: Sendable, Equatable {
    /// The layer.
    public var layer: LayerKind
    /// Whether it enforces something now.
    public var state: LayerState
    /// Why it could not do what the plan asked, for a person; nil when it could. Set with
    /// `state` `.failed`, and with `.idle` when it could not even make sure it holds nothing.
    public var failure: Note?
    /// Whether it changed the system in this apply (a file written or
    /// removed, a table replaced or updated, routes added or removed).
    public var changed: Bool
    /// How many entries it holds (names, addresses, programs; 0 when idle).
    public var count: Int
    /// How many of `count` bind chosen users only (the resolver index's per-user names).
    public var perUserCount: Int
    /// The programs that hold its policy (the browsers' layers), by name.
    public var holding: [String]
    /// Whether its counters start at zero again (the table was replaced or deleted).
    public var countersReset: Bool
    /// Remarks for a person, in the order they arose.
    public var notes: [Note]
    /// What to watch for changes by others, so that a reconcile repairs them.
    public var watches: [TamperWatch]
    /// The programs signalled (the program blocker's), for the blocked counts.
    public var signalled: [ProgramMatch]

    /// An outcome of `layer`.
    public init(
        layer: LayerKind, state: LayerState, failure: Note? = nil, changed: Bool = false, count: Int = 0,
        perUserCount: Int = 0, holding: [String] = [],
        countersReset: Bool = false, notes: [Note] = [], watches: [TamperWatch] = [],
        signalled: [ProgramMatch] = []
    ) {
        self.layer = layer
        self.state = state
        self.failure = failure
        self.changed = changed
        self.count = count
        self.perUserCount = perUserCount
        self.holding = holding
        self.countersReset = countersReset
        self.notes = notes
        self.watches = watches
        self.signalled = signalled
    }
}

/// Whether a layer enforces something after its apply.
public enum LayerState: Sendable, Equatable {
    /// It holds what the plan asks (something to enforce).
    case inForce
    /// The plan asks nothing of it, and it holds nothing.
    case idle
    /// Another process (the daemon) holds it and keeps what it last applied.
    case keptByAnother
    /// It could not be made to hold what the plan asks (the outcome's `failure` says why).
    case failed

    /// Whether the layer's part of the enforcement holds now (by it or by another process).
    public var holds: Bool { self == .inForce || self == .keptByAnother }
}

/// What a layer asks to be watched for tampering: a change there by
/// someone else calls for a reconcile, which repairs it.
public enum TamperWatch: Sendable, Equatable, Hashable {
    /// A file (inotify on its folder).
    case file(String)
    /// A policy folder, for the layer's file in it.
    case folder(String)
    /// Table `inet NAME` (the nf_tables event group).
    case table(String)
}
