/// What a session's owner chose for it beside its lists and times: whether
/// they are told when it or a phase ends, and whether it blocks its lists or
/// allows only them.
public struct SessionTerms: Sendable, Equatable {
    /// Whether the owner is told when the session, or one of its phases, ends.
    public var notify: Bool
    /// Whether the session blocks its lists or allows only them to its owner.
    public var mode: SessionMode

    /// Terms.
    public init(notify: Bool = true, mode: SessionMode = .block) {
        self.notify = notify
        self.mode = mode
    }
}
