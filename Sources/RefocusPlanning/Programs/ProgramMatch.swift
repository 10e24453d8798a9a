import RefocusCore

/// Why the program blocker kills a process: whose session blocks it, which
/// program name it matched and by which of its names.
public struct ProgramMatch: Sendable, Equatable {
    /// Which name of a process matched a program name.
    public enum Field: String, Sendable, Equatable {
        /// The kernel's process name (its first 15 bytes).
        case comm
        /// The base name of the running executable.
        case executable
        /// The base name of `argv[0]`.
        case argv0
        /// The program a dynamic loader run by hand was asked to run (`LoaderArguments`).
        case loaded
        /// What app it belongs to (`AppIdentity`: a Flatpak, a snap, an AppImage, a Steam game).
        case app
    }

    /// The uid of the session's owner, which is also the process's uid.
    public let owner: UInt32
    /// The blocked program name that matched.
    public let program: ProgramName
    /// Which name of the process matched it.
    public let field: Field

    /// Makes a match.
    public init(owner: UInt32, program: ProgramName, field: Field) {
        self.owner = owner
        self.program = program
        self.field = field
    }
}
