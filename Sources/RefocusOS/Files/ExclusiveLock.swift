import CLinux
import Glibc
import RefocusCore
import SystemPackage

/// An exclusive lock between processes, held on a lock file with `flock`,
/// so that concurrent helper runs change the store and the system one at a
/// time: the last to reconcile sees every session. Released when the value
/// is deallocated or the process dies.
///
/// Nobody waits for it without a deadline: a holder that is stopped or
/// stuck must not stall every later run. The lock file may carry a line
/// of text (`record`): the daemon's pid, for `refocus-helper clear`.
public final class ExclusiveLock {
    private let fd: Int32
    /// The lock file.
    public let path: String

    /// Takes the lock on `path`, waiting at most `deadline` for its holder;
    /// nil when the deadline passed. The file is created 0600 if missing, in
    /// a directory made `directoryMode` (`Directories.prepare`).
    public static func wait(path: String, directoryMode: mode_t, deadline: Duration) throws(SystemError)
        -> ExclusiveLock?
    {
        let lock = try ExclusiveLock(path: path, directoryMode: directoryMode)
        let end = ContinuousClock.now + deadline
        var pause = Duration.milliseconds(5)
        while true {
            if try lock.take() { return lock }
            guard ContinuousClock.now < end else { return nil }
            usleep(UInt32(max(0, min(pause, end - ContinuousClock.now).roundedUpMilliseconds) * 1000))
            pause = min(pause * 2, .milliseconds(50))
        }
    }

    /// Takes the lock on `path` if no one holds it; nil when someone does.
    public static func attempt(path: String, directoryMode: mode_t) throws(SystemError) -> ExclusiveLock? {
        let lock = try ExclusiveLock(path: path, directoryMode: directoryMode)
        return try lock.take() ? lock : nil
    }

    /// The text last recorded in the lock file at `path`; nil when there is none.
    public static func recorded(at path: String) -> String? {
        guard let bytes = try? FileReader.readIfPresent(path, limit: 256), !bytes.isEmpty else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    private init(path: String, directoryMode: mode_t) throws(SystemError) {
        self.path = path
        try Directories.prepare(AtomicFile.parentDirectory(of: path), mode: directoryMode)
        fd = try syscall { open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600) }.get("open the lock", path)
    }

    deinit {
        close(fd)
    }

    /// Replaces the lock file's text with `text` (while holding the lock).
    public func record(_ text: String) throws(SystemError) {
        let bytes = Array(text.utf8)
        try syscall { ftruncate(fd, 0) }.get("empty", path)
        let written = try syscall { bytes.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) } }.get(
            "write", path)
        guard written == bytes.count else { throw SystemError("write", path, .noSpace) }
    }

    /// Tries once; false when someone else holds the lock.
    private func take() throws(SystemError) -> Bool {
        switch syscall({ flock(fd, LOCK_EX | LOCK_NB) }) {
        case .success: return true
        case .failure(.wouldBlock): return false
        case .failure(let errno): throw SystemError("lock", path, errno)
        }
    }
}
