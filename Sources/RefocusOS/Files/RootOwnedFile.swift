import Glibc
import RefocusCore

/// Reads a file only root may have written: a regular file (not followed
/// through a link), owned by root, writable by no one else; what else the
/// administrator's configuration must be, the caller checks.
public enum RootOwnedFile {
    /// Why a file is not trusted (its path, what it is, the fix), or nil.
    public enum Distrust: Error, Equatable, Sendable {
        /// A link, a folder or a device.
        case notRegular
        /// Owned by this uid, not root.
        case owner(UInt32)
        /// Writable by its group or others: these mode bits.
        case writable(UInt32)
    }

    /// The file's bytes, or nil when it does not exist; `.failure` when it is not to be trusted.
    public static func read(_ path: String, limit: Int) throws(SystemError) -> Result<[UInt8], Distrust>? {
        let fd: Int32
        switch syscall({ open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK) }) {
        case .success(let opened): fd = opened
        case .failure(.noSuchFileOrDirectory): return nil
        case .failure(.tooManySymbolicLinkLevels): return .failure(.notRegular)
        case .failure(let errno): throw SystemError("open", path, errno)
        }
        defer { close(fd) }
        var status = stat()
        try syscall { fstat(fd, &status) }.get("read the owner of", path)
        guard status.st_mode & S_IFMT == S_IFREG else { return .failure(.notRegular) }
        guard status.st_uid == 0 else { return .failure(.owner(status.st_uid)) }
        guard status.st_mode & 0o022 == 0 else { return .failure(.writable(status.st_mode & 0o7777)) }
        return .success(try FileReader.readAll(fd, path: path, limit: limit))
    }
}
