/// A jump of a zone's clock forward: a change of offset that skips readings.
public struct ZoneJump: Sendable, Equatable {
    /// The first instant after the jump (seconds since the epoch): the clock shows the new offset from it.
    public let at: Int
    /// The offset before the jump, in seconds.
    public let from: Int
    /// The offset from `at` on, in seconds; greater than `from`.
    public let to: Int

    /// A jump at `at` from offset `from` to offset `to`.
    public init(at: Int, from: Int, to: Int) {
        self.at = at
        self.from = from
        self.to = to
    }
}
