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
        // Room for a regular file's size up front: no copies as it grows.
        var status = stat()
        if case .success = syscall({ fstat(fd, &status) }), (status.st_mode & S_IFMT) == S_IFREG {
            bytes.reserveCapacity(min(Int(status.st_size), limit) + 1)
        }
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            if let deadline { try wait(fd, path: path, until: deadline) }
            let count = try syscall { chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) } }
                .get("read", path)
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[..<count])
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
