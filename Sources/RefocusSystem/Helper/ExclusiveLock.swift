import CLinux
import Glibc
import RefocusCore

/// An exclusive lock between processes, held on a lock file with `flock`,
/// so that concurrent helper runs change the store and the system one at a
/// time: the last to reconcile sees every session. Released when the value
/// is deallocated or the process dies.
public final class ExclusiveLock {
    private let fd: Int32

    /// Waits for and takes the lock on `path` (created 0600 if missing).
    public init(path: String) throws(SystemError) {
        try Directories.create(AtomicFile.parentDirectory(of: path), mode: 0o700)
        fd = try syscall { open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600) }.get("open the lock", path)
        do {
            try syscall { flock(fd, LOCK_EX) }.get("lock", path)
        } catch {
            close(fd)
            throw error
        }
    }

    deinit {
        close(fd)
    }
}
