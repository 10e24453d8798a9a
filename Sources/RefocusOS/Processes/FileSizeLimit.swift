import Glibc
import RefocusCore

/// This process's soft `RLIMIT_FSIZE`, lowered for as long as a child is
/// spawned and waited for, then put back: the child inherits the cap, so a
/// file it (or a program it starts) writes stops at the cap, and the write
/// past it ends the writer with SIGXFSZ (or fails with EFBIG where the
/// signal is ignored). Process-wide: only for a command that writes no
/// file of its own while the child runs (the fleet pull's git runs),
/// never in the daemon. The hard limit is never changed, so the soft one
/// can always be raised back.
public enum FileSizeLimit {
    /// Lowers the soft limit to `bytes` (or the hard limit, when lower); returns the limit to put back.
    public static func lower(to bytes: Int) throws(SystemError) -> rlimit {
        let resource = __rlimit_resource_t(RLIMIT_FSIZE.rawValue)
        var previous = rlimit()
        try syscall { getrlimit(resource, &previous) }.get("read RLIMIT_FSIZE for", "this process")
        var lowered = rlimit(rlim_cur: min(rlim_t(max(bytes, 0)), previous.rlim_max), rlim_max: previous.rlim_max)
        try syscall { setrlimit(resource, &lowered) }.get("lower RLIMIT_FSIZE for", "this process")
        return previous
    }

    /// Puts back a limit `lower` returned.
    public static func restore(_ previous: rlimit) {
        var previous = previous
        _ = syscall { setrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &previous) }
    }
}
