import RefocusEnforcement

/// The order in which fake layers were applied, and what each was given:
/// shared by the fakes of one test.
public final class FakeJournal {
    /// One apply: the layer, and the kinds of the outcomes it was given.
    public struct Entry: Equatable, Sendable {
        /// The layer applied.
        public var layer: LayerKind
        /// The layers whose outcomes it saw, in order.
        public var earlier: [LayerKind]
    }

    /// Every apply so far, in order.
    public private(set) var entries: [Entry] = []

    /// An empty journal.
    public init() {}

    /// Records one apply.
    func record(_ layer: LayerKind, earlier: [LayerKind]) {
        entries.append(Entry(layer: layer, earlier: earlier))
    }

    /// The layers applied, in order.
    public var applied: [LayerKind] { entries.map(\.layer) }

    /// Forgets what was recorded (between two reconciles of a test).
    public func clear() {
        entries = []
    }
}
