import RefocusCore

/// What the daemon refuses at exec through fanotify's exec permission
/// events, and kills through the process connector: for each owner of a
/// session blocking programs, the files found under the blocked names on
/// this machine, by identity (any name of such a file is refused) and by
/// fingerprint (a copy of one is refused too), and the names themselves (a
/// file of that name anywhere, the owner's own copy in their home, say).
/// A dynamic loader run by hand (`LoaderFiles`) is matched by the program
/// it was asked to run.
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
    /// The fingerprints of those files, per owner.
    public let fingerprints: [UInt32: [ProgramFingerprint: ProgramName]]
    /// The machine's dynamic loaders.
    public let loaders: LoaderFiles

    /// Rules refusing `names` and the files `identities` and `fingerprints`
    /// (kept only for owners `names` governs), and what `loaders` are asked to run.
    public init(
        _ names: ProgramRules, identities: [UInt32: [FileIdentity: ProgramName]],
        fingerprints: [UInt32: [ProgramFingerprint: ProgramName]] = [:], loaders: LoaderFiles = .none
    ) {
        self.names = names
        self.identities = identities.filter { names.governs(uid: $0.key) }
        self.fingerprints = fingerprints.filter { names.governs(uid: $0.key) && !$0.value.isEmpty }
        self.loaders = loaders
    }

    /// Whether no exec is refused.
    public var isEmpty: Bool { names.isEmpty }

    /// Whether an exec by `uid` may be refused: the cheap test made first.
    public func governs(uid: UInt32) -> Bool { names.governs(uid: uid) }

    /// Whether a file's fingerprint can decide for `uid`: worth reading it.
    public func fingerprints(uid: UInt32) -> Bool { fingerprints[uid] != nil }

    /// Why an exec of `file`, opened at `path` (the link of its descriptor,
    /// `/usr/bin/discord`, perhaps ending in ` (deleted)`), by a process
    /// whose three uids are `uid`, is refused; nil when it is not.
    /// `fingerprint` is asked for only when the identity and the name did not decide.
    public func match(
        uid: UInt32, file: FileIdentity, path: [UInt8],
        fingerprint: () -> ProgramFingerprint? = { nil }
    ) -> ProgramMatch? {
        guard uid != 0, governs(uid: uid) else { return nil }
        if let program = identities[uid]?[file] {
            return ProgramMatch(owner: uid, program: program, field: .executable)
        }
        if let match = names.match(uid: uid, executable: Self.removingDeleted(path)) { return match }
        guard let known = fingerprints[uid], let print = fingerprint(), let program = known[print] else { return nil }
        return ProgramMatch(owner: uid, program: program, field: .executable)
    }

    /// Whether an exec of `file` at `path` is refused for nobody, whoever
    /// runs it: no owner's rules name it, hold its identity or its
    /// fingerprint, and no owner's rules name apps (an app is known by the
    /// process, not the file). What an ignore mark on the file may rest on.
    /// `fingerprint` is asked for only when some owner's rules hold fingerprints.
    public func refusesNobody(file: FileIdentity, path: [UInt8], fingerprint: () -> ProgramFingerprint?) -> Bool {
        let owners = names.programs.keys
        guard !owners.contains(where: { names.hasApps(uid: $0) || identities[$0]?[file] != nil }) else { return false }
        let name = Self.removingDeleted(path)
        guard !owners.contains(where: { names.match(uid: $0, executable: name) != nil }) else { return false }
        guard !fingerprints.isEmpty else { return true }
        guard let print = fingerprint() else { return false }
        return !fingerprints.values.contains { $0[print] != nil }
    }

    /// `path` without the ` (deleted)` the kernel appends to the link of an unlinked file.
    static func removingDeleted(_ path: [UInt8]) -> [UInt8] {
        let suffix = Array(" (deleted)".utf8)
        return path.count > suffix.count && path.suffix(suffix.count).elementsEqual(suffix)
            ? Array(path.dropLast(suffix.count)) : path
    }

    /// Whether `file`, run by `uid`, is one of the files found under `uid`'s blocked names, or a copy of one.
    func located(uid: UInt32, _ file: ExaminedFile) -> ProgramName? {
        identities[uid]?[file.identity] ?? file.fingerprint.flatMap { fingerprints[uid]?[$0] }
    }
}

extension ExecRules: ProgramMatching {
    public func apps(uid: UInt32) -> [AppIdentity] { names.apps(uid: uid) }

    /// The loaders, for every owner with rules: their processes' files are examined.
    public func examination(uid: UInt32) -> LoaderFiles? { governs(uid: uid) ? loaders : nil }

    /// Why `process` is blocked: one of its names (`ProgramRules`), its
    /// executable file (by identity or fingerprint), or, when it is a
    /// loader, the program it was asked to run (by file, or by base name).
    public func match(_ process: ProcessIdentity) -> ProgramMatch? {
        if let match = names.match(process) { return match }
        let owner = process.uid
        guard owner != 0, process.runsOnlyAs(owner), governs(uid: owner) else { return nil }
        if let file = process.executableFile, let program = located(uid: owner, file) {
            return ProgramMatch(owner: owner, program: program, field: .executable)
        }
        guard let loaded = process.loaded else { return nil }
        if let file = loaded.file, let program = located(uid: owner, file) {
            return ProgramMatch(owner: owner, program: program, field: .loaded)
        }
        return names.match(uid: owner, executable: loaded.path).map {
            ProgramMatch(owner: owner, program: $0.program, field: .loaded)
        }
    }
}
