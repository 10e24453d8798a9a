import Glibc
import RefocusCore
import SystemPackage

/// Reads whole files, refusing any larger than a cap so that a bad path
/// (a device, a huge file) cannot exhaust memory.
public enum FileReader {
    /// The default cap: 64 MiB.
    public static let defaultLimit = 64 << 20

    /// The file's bytes, or nil when it does not exist.
    public static func readIfPresent(_ path: String, limit: Int = defaultLimit) throws(SystemError) -> [UInt8]? {
        let fd: Int32
        switch syscall({ open(path, O_RDONLY | O_CLOEXEC) }) {
        case .success(let opened): fd = opened
        case .failure(.noSuchFileOrDirectory): return nil
        case .failure(let errno): throw SystemError("open", path, errno)
        }
        defer { close(fd) }
        return try readAll(fd, path: path, limit: limit)
    }

    /// Everything readable from `fd` up to `limit` bytes; more is an error.
    /// With a `deadline`, fails with ETIMEDOUT when the end has not come by
    /// then: each read waits in `poll` for what remains of it, and `fd`
    /// stays blocking (standard input is shared with the caller, who would
    /// see O_NONBLOCK too).
    public static func readAll(
        _ fd: Int32, path: String, limit: Int = defaultLimit,
        deadline: ContinuousClock.Instant? = nil
    ) throws(SystemError) -> [UInt8] {
        var bytes: [UInt8] = []
        // Room for a regular file's size and one byte more up front: its bytes are read in place, and
        // the spare byte takes the read that finds the end, with no copy and no 64 KiB buffer zeroed
        // for a file of a few hundred bytes (the status line reads one every second). A file of /proc
        // or /sys says it is empty and is read a page at a time.
        var status = stat()
        if case .success = syscall({ fstat(fd, &status) }), (status.st_mode & S_IFMT) == S_IFREG {
            let size = status.st_size > 0 ? Int(status.st_size) : 4096
            bytes.reserveCapacity(min(size, limit) + 1)
        }
        while true {
            if let deadline { try wait(fd, path: path, until: deadline) }
            let start = bytes.count
            let spare = bytes.capacity - start
            let room = spare > 0 ? spare : 64 << 10
            bytes.append(contentsOf: repeatElement(0, count: room))
            let count = try syscall {
                bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress.map { $0 + start }, room) }
            }.get("read", path)
            bytes.removeLast(room - count)
            if count == 0 { return bytes }
            if bytes.count > limit { throw SystemError("read", path, .fileTooLarge) }
        }
    }

    /// Waits until `fd` is readable (or at its end); ETIMEDOUT when `deadline` passes first.
    private static func wait(_ fd: Int32, path: String, until deadline: ContinuousClock.Instant) throws(SystemError) {
        let remaining = deadline - ContinuousClock.now
        var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let milliseconds = remaining > .zero ? Int32(clamping: remaining.roundedUpMilliseconds) : 0
        if try syscall({ poll(&ready, 1, milliseconds) }).get("wait for", path) == 0 {
            throw SystemError("read", path, .timedOut)
        }
    }
}
