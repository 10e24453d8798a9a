/// What the program blocker knows of a process when it decides whether the
/// process is blocked: its user ids and the three names it is known by.
///
/// Names are bytes, as the kernel keeps them: a comm truncated in the middle
/// of a UTF-8 character, or a path that is not UTF-8, still compares exactly.
public struct ProcessIdentity: Sendable, Equatable {
    /// The real uid: the user who started the process. Setuid programs keep
    /// it, and only a privileged process can change it.
    public var uid: UInt32
    /// The effective uid: whose privileges the process runs with.
    public var effectiveUID: UInt32
    /// The saved set-user-id: a uid the process may switch back to.
    public var savedUID: UInt32
    /// The kernel's name for the process (`/proc/PID/comm`): at most 15 bytes.
    public var comm: [UInt8]
    /// The path of the running executable (`/proc/PID/exe`); nil when unknown.
    public var executable: [UInt8]?
    /// The first command-line argument (`argv[0]`); nil when there is none.
    public var argv0: [UInt8]?
    /// What it shows of the app it belongs to; nil when not read (its owner's rules name no app).
    public var app: AppFacts?
    /// Its executable file, examined; nil when not read (its owner has no rules) or unreadable.
    public var executableFile: ExaminedFile?
    /// When its executable is a dynamic loader: the program it was asked to run.
    public var loaded: LoadedProgram?

    /// Makes an identity from the bytes read for a process.
    public init(
        uid: UInt32, effectiveUID: UInt32, savedUID: UInt32, comm: [UInt8], executable: [UInt8]?,
        argv0: [UInt8]?
    ) {
        self.uid = uid
        self.effectiveUID = effectiveUID
        self.savedUID = savedUID
        self.comm = comm
        self.executable = executable
        self.argv0 = argv0
    }

    /// Makes an identity whose three uids are `uid`, from text (tests, the benchmark).
    public init(uid: UInt32, comm: String, executable: String?, argv0: String?) {
        self.init(
            uid: uid, effectiveUID: uid, savedUID: uid, comm: Array(comm.utf8),
            executable: executable.map { Array($0.utf8) }, argv0: argv0.map { Array($0.utf8) })
    }

    /// Whether the real, effective and saved uids are all `uid`: the process
    /// runs only with that user's privileges (not a setuid program of another
    /// user, not a service switching between users).
    public func runsOnlyAs(_ uid: UInt32) -> Bool {
        self.uid == uid && effectiveUID == uid && savedUID == uid
    }
}
