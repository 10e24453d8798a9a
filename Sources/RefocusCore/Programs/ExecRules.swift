/// What the daemon refuses at exec through fanotify's exec permission
/// events: for each owner of a session blocking programs, the files found
/// under the blocked names on this machine (by identity: any name of such a
/// file is refused) and the names themselves (a file of that name anywhere,
/// the owner's own copy in their home, say).
///
/// Only an exec by a process whose uids are all the owner's is refused, as
/// `ProgramRules.match` kills only such processes: root's, other users' and
/// setuid programs' execs are always allowed.
public struct ExecRules: Sendable, Equatable {
    /// Nothing refused.
    public static let empty = ExecRules(.empty, identities: [:])

    /// The blocked program names per owner.
    public let names: ProgramRules
    /// The identities of the files found under those names, per owner.
    public let identities: [UInt32: [FileIdentity: ProgramName]]

    /// Rules refusing `names` and the files `identities` (kept only for owners `names` governs).
    public init(_ names: ProgramRules, identities: [UInt32: [FileIdentity: ProgramName]]) {
        self.names = names
        self.identities = identities.filter { names.governs(uid: $0.key) }
    }

    /// Whether no exec is refused.
    public var isEmpty: Bool { names.isEmpty }

    /// Whether an exec by `uid` may be refused: the cheap test made first.
    public func governs(uid: UInt32) -> Bool { names.governs(uid: uid) }

    /// Why an exec of `file`, opened at `path` (the link of its descriptor,
    /// `/usr/bin/discord`, perhaps ending in ` (deleted)`), by a process
    /// whose three uids are `uid`, is refused; nil when it is not.
    public func match(uid: UInt32, file: FileIdentity, path: [UInt8]) -> ProgramMatch? {
        guard uid != 0, governs(uid: uid) else { return nil }
        if let program = identities[uid]?[file] { return ProgramMatch(owner: uid, program: program, field: .executable) }
        return names.match(uid: uid, executable: Self.removingDeleted(path))
    }

    /// `path` without the ` (deleted)` the kernel appends to the link of an unlinked file.
    static func removingDeleted(_ path: [UInt8]) -> [UInt8] {
        let suffix = Array(" (deleted)".utf8)
        return path.count > suffix.count && path.suffix(suffix.count).elementsEqual(suffix)
            ? Array(path.dropLast(suffix.count)) : path
    }
}
