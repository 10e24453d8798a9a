import CLinux
import Glibc
import RefocusCore

/// An exclusive lock between processes, held on a lock file with `flock`,
/// so that concurrent helper runs change the store and the system one at a
/// time: the last to reconcile sees every session. Released when the value
/// is deallocated or the process dies.
public final class ExclusiveLock {
    private let fd: Int32

    /// Waits for and takes the lock on `path` (created 0600 if missing, in a
    /// directory made `directoryMode`: `Directories.prepare`).
    public convenience init(path: String, directoryMode: mode_t) throws(SystemError) {
        try self.init(path: path, directoryMode: directoryMode, waiting: true)
    }

    /// Takes the lock on `path` if no one holds it; nil when someone does.
    public static func attempt(path: String, directoryMode: mode_t) throws(SystemError) -> ExclusiveLock? {
        do {
            return try ExclusiveLock(path: path, directoryMode: directoryMode, waiting: false)
        } catch {
            guard error.errno == .wouldBlock else { throw error }
            return nil
        }
    }

    private init(path: String, directoryMode: mode_t, waiting: Bool) throws(SystemError) {
        try Directories.prepare(AtomicFile.parentDirectory(of: path), mode: directoryMode)
        fd = try syscall { open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600) }.get("open the lock", path)
        do {
            try syscall { flock(fd, waiting ? LOCK_EX : LOCK_EX | LOCK_NB) }.get("lock", path)
        } catch {
            close(fd)
            throw error
        }
    }

    deinit {
        close(fd)
    }
}
