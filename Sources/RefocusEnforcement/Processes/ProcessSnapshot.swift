import Glibc
import RefocusCore
import RefocusOS
import RefocusPlanning

/// One process as the program blocker sees it in /proc/PID: its pid, its
/// start time (with the pid, what tells it apart from a later process that
/// reuses the pid) and its identity (uids and names).
///
/// The uid that decides whose process it is, is the real uid on the `Uid:`
/// line of /proc/PID/status: the user who started it. A setuid program keeps
/// it, and only a privileged process can change it, so a user cannot shed it;
/// the effective uid, by contrast, is root's while a setuid-root program runs
/// and a user's while a root service acts for that user. `ProgramRules`
/// also wants the effective and saved uids equal to it, so processes running
/// with another user's privileges are never signalled.
///
/// Reading needs root to see other users' `exe` links.
public struct ProcessSnapshot: Sendable, Equatable {
    /// The process id (thread group id).
    public let pid: Int32
    /// Field 22 of /proc/PID/stat: clock ticks after boot when the process started. Exec does not change it.
    public let startTime: UInt64
    /// Its uids and names.
    public let identity: ProcessIdentity

    /// Makes a snapshot from values read elsewhere (tests).
    public init(pid: Int32, startTime: UInt64, identity: ProcessIdentity) {
        self.pid = pid
        self.startTime = startTime
        self.identity = identity
    }

    /// Reads /proc/`pid` (status, stat, exe, cmdline), stopping early when
    /// `wanted` says no to its real uid (a cheap filter: only owners with
    /// rules need their names read). Nil when the process is gone, is a
    /// zombie, is a kernel thread (no `exe`), is not wanted, or status, stat
    /// or exe cannot be read; a cmdline that cannot be read in time
    /// (`ProcessMemoryRead`) leaves argv[0] and the loaded program out. The files are read one after the other: to know they all
    /// described one process, open a pidfd before and check it after.
    /// When `apps` names apps for its real uid, what it shows of them is read too (`AppFactsReader`);
    /// when `examining` gives loaders for it, its executable file is examined, and, when
    /// that is a loader, the program on its command line (`LoaderArguments`).
    public static func read(
        pid: Int32, wanted: (UInt32) -> Bool = { _ in true },
        apps: (UInt32) -> [AppIdentity] = { _ in [] },
        examining: (UInt32) -> LoaderFiles? = { _ in nil }
    ) -> ProcessSnapshot? {
        guard let status = ProcFile.read(pid: pid, "status", singleRead: true),
            let uids = ProcFields.uids(status: status), wanted(uids.real),
            let stat = ProcFile.read(pid: pid, "stat", singleRead: true), !ProcFields.isDead(stat: stat),
            let fields = ProcFields.commAndStartTime(stat: stat),
            let executable = ProcFile.link(pid: pid, "exe")
        else { return nil }
        // Read with a deadline (`ProcessMemoryRead`); when it cannot be read, the process has no argv[0].
        let cmdline = ProcessMemoryRead.read(.arguments, of: pid, owner: uids.real, limit: 64 * 1024, stoppingAt: 0)
        var identity = ProcessIdentity(
            uid: uids.real, effectiveUID: uids.effective, savedUID: uids.saved,
            comm: fields.comm, executable: ProcFields.executable(link: executable),
            argv0: cmdline.flatMap { ProcFields.argv0(cmdline: $0) })
        let named = apps(uids.real)
        if !named.isEmpty {
            identity.app = AppFactsReader.read(pid: pid, for: named, executable: identity.executable, owner: uids.real)
        }
        if let loaders = examining(uids.real) {
            let mounts = MountTypes.seen(by: pid)
            identity.executableFile = ProgramFileReader.examineExecutable(of: pid, mounts: mounts)
            if let file = identity.executableFile, loaders.contains(file) {
                identity.loaded = loadedProgram(pid: pid, owner: uids.real, mounts: mounts)
            }
        }
        return ProcessSnapshot(pid: pid, startTime: fields.startTime, identity: identity)
    }

    /// The program the loader running as `pid` was asked to run, found from
    /// the process's own root or working folder (through /proc/PID, so a
    /// chroot or a `cd` of its own is followed); nil when it names none.
    static func loadedProgram(pid: Int32, owner: UInt32, mounts: MountTypes) -> LoadedProgram? {
        guard let cmdline = ProcessMemoryRead.read(.arguments, of: pid, owner: owner, limit: 64 * 1024),
            let path = LoaderArguments.program(cmdline: cmdline)
        else { return nil }
        // The magic links give the folders themselves: no lookup in their filesystems.
        let folders = ["root", "cwd"].map {
            open("/proc/\(pid)/\($0)", ProgramFileReader.pathOnly | O_DIRECTORY | O_CLOEXEC)
        }
        defer { folders.filter { $0 >= 0 }.forEach { close($0) } }
        guard folders.allSatisfy({ $0 >= 0 }) else { return LoadedProgram(path: path, file: nil) }
        return LoadedProgram(
            path: path, file: ProgramFileReader.examine(path: path, below: folders[1], root: folders[0], mounts: mounts)
        )
    }

    /// Every process in /proc whose real uid `wanted` accepts, in pid order;
    /// processes that vanish while being read are left out.
    public static func scan(
        wanted: (UInt32) -> Bool = { _ in true },
        apps: (UInt32) -> [AppIdentity] = { _ in [] },
        examining: (UInt32) -> LoaderFiles? = { _ in nil }
    ) -> [ProcessSnapshot] {
        ProcFile.processIDs().compactMap { read(pid: $0, wanted: wanted, apps: apps, examining: examining) }
    }

    /// Every process in /proc that `rules` may block, read as they need.
    public static func scan(for rules: some ProgramMatching) -> [ProcessSnapshot] {
        scan(wanted: rules.governs, apps: rules.apps, examining: rules.examination)
    }
}
