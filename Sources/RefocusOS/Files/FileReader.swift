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
        var chunkSize = 64 << 10
        // A regular file is read in place first: into room for its size and one byte more, left
        // uninitialised until the kernel fills it, so that nothing is zeroed or copied (the status line
        // reads a file of a few hundred bytes every second; the hosts file may be 100 MB). A file of
        // /proc or /sys says it is empty: a page at first. The read that finds the end then needs only
        // a small chunk.
        var status = stat()
        if case .success = syscall({ fstat(fd, &status) }), (status.st_mode & S_IFMT) == S_IFREG {
            let room = min(status.st_size > 0 ? Int(status.st_size) : 4096, limit) + 1
            if let deadline { try wait(fd, path: path, until: deadline) }
            var failure: Errno?
            bytes = [UInt8](unsafeUninitializedCapacity: room) { buffer, initialized in
                switch syscall({ read(fd, buffer.baseAddress, room) }) {
                case .success(let count): initialized = count
                case .failure(let errno): (initialized, failure) = (0, errno)
                }
            }
            if let failure { throw SystemError("read", path, failure) }
            if bytes.isEmpty { return bytes }
            if bytes.count > limit { throw SystemError("read", path, .fileTooLarge) }
            chunkSize = 4096
        }
        var chunk = [UInt8](repeating: 0, count: chunkSize)
        while true {
            if let deadline { try wait(fd, path: path, until: deadline) }
            let count = try syscall { chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) } }
                .get("read", path)
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[..<count])
            if bytes.count > limit { throw SystemError("read", path, .fileTooLarge) }
            if count == chunk.count, chunk.count < 64 << 10 { chunk = [UInt8](repeating: 0, count: 64 << 10) }
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
