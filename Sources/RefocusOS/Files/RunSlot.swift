import Glibc
import RefocusCore

/// One of a fixed number of places in which the processes of one key (a
/// member's uid) may run at once: slot files `KEY.0` … `KEY.(count-1)` in
/// a directory of root's, each held with `flock` for the holder's life, so
/// that a process that dies gives its slot back. A process that finds every
/// slot of its key held is refused at once: nobody waits for a slot, and
/// the slots of one key cost the other keys nothing.
public final class RunSlot {
    private let fd: Int32
    /// The slot file held.
    public let path: String

    /// Takes a free slot of `key` among `count` in `directory` (made
    /// `directoryMode`); nil when all are held. `key` must be a file name
    /// (no `/`); the caller makes it (a uid in decimal), never a user.
    public static func take(
        key: String, count: Int, directory: String,
        directoryMode: mode_t = 0o700
    ) throws(SystemError) -> RunSlot? {
        guard !key.isEmpty, !key.contains("/"), key != ".", key != ".." else {
            throw SystemError("name a slot of", directory, .invalidArgument)
        }
        try Directories.prepare(directory, mode: directoryMode)
        for index in 0..<count {
            let path = "\(directory)/\(key).\(index)"
            let fd = try syscall { open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o600) }
                .get("open the slot", path)
            switch syscall({ flock(fd, LOCK_EX | LOCK_NB) }) {
            case .success: return RunSlot(fd: fd, path: path)
            case .failure(.wouldBlock): close(fd)
            case .failure(let errno):
                close(fd)
                throw SystemError("lock", path, errno)
            }
        }
        return nil
    }

    private init(fd: Int32, path: String) {
        self.fd = fd
        self.path = path
    }

    deinit {
        close(fd)
    }
}
