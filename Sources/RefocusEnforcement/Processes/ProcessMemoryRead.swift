import RefocusOS

/// Every read of a process's arguments (/proc/PID/cmdline) or environment
/// (/proc/PID/environ) by the daemon: on a worker thread, with a deadline,
/// charged to the process's real uid (`ProcessMemoryReaders`).
///
/// Why these two files, unlike the rest of /proc/PID: the kernel copies
/// them out of the process's own memory (`access_remote_vm`), under the
/// process's memory-map lock, so the read can wait on what the process's
/// user controls:
/// - the lock itself: a thread of theirs that maps a file again while
///   another waits on a page of it that their own FUSE server (mountable
///   in a user namespace) never delivers holds the lock for writing, and
///   the read waits behind it for as long as they like;
/// - the pages: the kernel refuses to read a file-backed mapping over the
///   arguments or environment (`FOLL_ANON`, since Linux 4.18), so a FUSE
///   file mapped there makes the read short, not slow; anonymous memory
///   registered with userfaultfd cannot make it wait either where
///   `vm.unprivileged_userfaultfd` is 0 (users then only get faults of their
///   own threads). Where it is 1, the deadline bounds it like the lock.
///
/// /proc/PID/stat, status and the `exe` link are answered without that
/// lock and read directly. A read that cannot be
/// done leaves its facts out: the matcher then has the process's comm and
/// executable, so a loader run by hand whose arguments cannot be read is
/// not matched by the program it loads.
public enum ProcessMemoryRead {
    /// Which of the two files.
    public enum Area: String, Sendable {
        /// /proc/PID/cmdline: the arguments, each ended by NUL.
        case arguments = "cmdline"
        /// /proc/PID/environ: the environment at exec, each variable ended by NUL.
        case environment = "environ"
    }

    /// The daemon's readers: a quarter of a second per read at most.
    public static let shared = ProcessMemoryReaders()

    /// The first `limit` bytes of `area` of `pid`, charged to `owner` (its
    /// real uid; read from /proc/PID/status when not given). Nil when it
    /// cannot be read in time or its user is distrusted (`ProcessMemoryReaders`).
    public static func read(
        _ area: Area, of pid: Int32, owner: UInt32? = nil, limit: Int,
        stoppingAt terminator: UInt8? = nil
    ) -> [UInt8]? {
        guard
            let uid = owner
                ?? ProcFile.read(pid: pid, "status", singleRead: true).flatMap({ ProcFields.uids(status: $0)?.real })
        else { return nil }
        return shared.read(pid: pid, area.rawValue, owner: uid, limit: limit, stoppingAt: terminator)
    }
}
