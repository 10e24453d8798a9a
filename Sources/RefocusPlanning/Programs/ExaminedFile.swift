/// A program file as the program blocker examined it: what the kernel
/// knows it by, and what it is (`ProgramFingerprint`), when it could be read.
public struct ExaminedFile: Sendable, Equatable {
    /// Its device and inode.
    public let identity: FileIdentity
    /// Its build id or content hash; nil when it could not be read.
    public let fingerprint: ProgramFingerprint?

    /// A file with `identity` and `fingerprint`.
    public init(identity: FileIdentity, fingerprint: ProgramFingerprint?) {
        self.identity = identity
        self.fingerprint = fingerprint
    }
}

/// The dynamic loaders of this machine (`/lib64/ld-linux-x86-64.so.2` and
/// the like), by identity and by fingerprint: a process whose executable is
/// one of them, or a copy of one, runs the program named on its command line
/// (`LoaderArguments`).
public struct LoaderFiles: Sendable, Equatable {
    /// No loader known.
    public static let none = LoaderFiles(identities: [], fingerprints: [])

    /// The loaders' identities (each installed name's target).
    public let identities: Set<FileIdentity>
    /// Their fingerprints: a copy of a loader has the same.
    public let fingerprints: Set<ProgramFingerprint>

    /// Loaders with `identities` and `fingerprints`.
    public init(identities: Set<FileIdentity>, fingerprints: Set<ProgramFingerprint>) {
        self.identities = identities
        self.fingerprints = fingerprints
    }

    /// Whether `file` is a loader or a copy of one.
    public func contains(_ file: ExaminedFile) -> Bool {
        identities.contains(file.identity) || file.fingerprint.map(fingerprints.contains) == true
    }
}

/// The program a dynamic loader was asked to run: the path on its command
/// line, and the file found there when it could be examined.
public struct LoadedProgram: Sendable, Equatable {
    /// The argument, as given (relative to the process's working folder, or absolute).
    public let path: [UInt8]
    /// The file at that path; nil when none could be examined.
    public let file: ExaminedFile?

    /// The program at `path`, examined as `file`.
    public init(path: [UInt8], file: ExaminedFile?) {
        self.path = path
        self.file = file
    }
}
