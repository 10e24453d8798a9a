import Glibc
import RefocusCore
import RefocusOS
import SystemPackage
import RefocusPlanning

/// `/run/refocus/names.idx`, the index the NSS module maps: written
/// atomically (a temporary sibling renamed over it, so a process that maps
/// the old file keeps reading it whole, and notices the new one by its
/// inode), 0644 and root's, since every process on the machine must read
/// it and the module trusts no other; removed when nothing is blocked.
/// Written only when its bytes change. Needs root for the default path.
public struct NameIndexFile: Sendable {
    /// The file.
    public let path: String

    /// The index the module reads (`NameIndex.path`), or another path for tests.
    public init(path: String = NameIndex.path) {
        self.path = path
    }

    /// Makes the file hold `index`, or removes it for nil; returns whether
    /// the file changed. A file that is not root's with mode 0644 (the
    /// module ignores it) is replaced even when its bytes are right.
    @discardableResult
    public func apply(_ index: NameIndex?) throws(SystemError) -> Bool {
        guard let index else {
            switch syscall({ unlink(path) }) {
            case .success: return true
            case .failure(.noSuchFileOrDirectory): return false
            case .failure(let errno): throw SystemError("remove", path, errno)
            }
        }
        var status = stat()
        if case .success = syscall({ lstat(path, &status) }) {
            let trusted = (status.st_mode & S_IFMT) == S_IFREG && status.st_uid == 0 && status.st_mode & 0o7777 == 0o644
            if trusted, Int(status.st_size) == index.bytes.count,
                (try? FileReader.readIfPresent(path, limit: index.bytes.count)) == index.bytes
            {
                return false
            }
            // AtomicFile keeps an existing file's mode: a wrong one goes first.
            if !trusted { try syscall { unlink(path) }.get("remove", path) }
        }
        try Directories.prepare(AtomicFile.parentDirectory(of: path), mode: 0o755)
        try AtomicFile.write(index.bytes, to: path, mode: 0o644)
        return true
    }

    /// The index in the file when it is intact (`NameIndex(validating:)`);
    /// nil when there is none, or it is damaged.
    public func read() -> NameIndex? {
        (try? FileReader.readIfPresent(path, limit: Int(NameIndex.maximumBytes))).flatMap { $0 }
            .flatMap(NameIndex.init(validating:))
    }
}
