/// What the program blocker's killer asks of the rules it enforces:
/// `ProgramRules` (names only) or `ExecRules` (names, and the files found
/// under them, by identity and fingerprint).
public protocol ProgramMatching: Sendable {
    /// Whether nothing is blocked.
    var isEmpty: Bool { get }
    /// Whether processes of `uid` can be blocked at all: the cheap test first.
    func governs(uid: UInt32) -> Bool
    /// The apps `uid`'s rules name (their facts are read for its processes).
    func apps(uid: UInt32) -> [AppIdentity]
    /// The loaders to recognise when the files of `uid`'s processes are to be
    /// examined (identity, fingerprint, a loader's program); nil when names decide alone.
    func examination(uid: UInt32) -> LoaderFiles?
    /// Why `process` is blocked; nil when it is not.
    func match(_ process: ProcessIdentity) -> ProgramMatch?
}

extension ProgramRules: ProgramMatching {
    /// Names decide alone: no file is examined.
    public func examination(uid: UInt32) -> LoaderFiles? { nil }
}
