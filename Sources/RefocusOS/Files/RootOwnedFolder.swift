import CLinux
import Glibc
import RefocusCore

/// A folder that root keeps for the administrator (/etc/refocus/lists,
/// /etc/refocus/schedules.d) and its files, read so that no one but root
/// can have put a word in them: the folder and each file must belong to
/// root, be writable by no group or other user, and not be a symbolic
/// link; a file must be regular and at most a cap. Each file is opened
/// relative to the folder's descriptor with `O_NOFOLLOW|O_NONBLOCK` (a FIFO
/// is refused without waiting for a writer) and checked through that very
/// descriptor.
///
/// The folder itself may be a relative link that resolves below its own
/// parent (as a fleet's pull makes `/etc/refocus/lists ->
/// fleet/current/lists`): followed only when the parent and the link are
/// root's and the parent is writable by no one else, resolved with
/// `openat2`'s `RESOLVE_BENEATH` (no absolute link, no `..` out, no
/// `/proc` magic link, no other mount); the folder it reaches is checked
/// as any other. Other parents are not checked: /etc is root's.
public struct RootOwnedFolder: ~Copyable {
    /// The folder's path, for messages.
    public let path: String
    /// The open folder.
    private let descriptor: Int32

    /// Opens the folder at `path`; nil when it does not exist (nothing configured).
    ///
    /// - Throws: `RootFileRefusal` when it is a link, not a folder, not
    ///   root's or writable by others, or cannot be opened.
    public static func open(_ path: String) throws(RootFileRefusal) -> RootOwnedFolder? {
        let descriptor: Int32
        switch syscall({ Glibc.open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) }) {
        case .success(let opened): descriptor = opened
        case .failure(.noSuchFileOrDirectory): return nil
        case .failure(.tooManySymbolicLinkLevels): descriptor = try openLinked(path)
        case .failure(.notDirectory):
            // O_DIRECTORY is checked before O_NOFOLLOW: a link to a folder fails so too.
            var status = stat()
            let isLink = lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK
            guard isLink else { throw .wrongType(path: path, expected: "a folder") }
            descriptor = try openLinked(path)
        case .failure(let errno): throw .failed(SystemError("open", path, errno))
        }
        let folder = RootOwnedFolder(path: path, descriptor: descriptor)
        try Self.check(descriptor, path: path, type: S_IFDIR, expected: "a folder")
        return folder
    }

    deinit { close(descriptor) }

    /// The folder the link `path` names, resolved below the link's own
    /// parent, which must be root's alone, as the link must be.
    private static func openLinked(_ path: String) throws(RootFileRefusal) -> Int32 {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { throw .symbolicLink(path: path) }
        let parentPath = String(path[..<slash]), name = String(path[path.index(after: slash)...])
        let parent: Int32
        switch syscall({ Glibc.open(parentPath, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }) {
        case .success(let opened): parent = opened
        case .failure(let errno): throw .failed(SystemError("open", parentPath, errno))
        }
        defer { close(parent) }
        try check(parent, path: parentPath, type: S_IFDIR, expected: "a folder")
        var link = stat()
        guard fstatat(parent, name, &link, AT_SYMLINK_NOFOLLOW) == 0, link.st_mode & S_IFMT == S_IFLNK,
            link.st_uid == 0
        else { throw .symbolicLink(path: path) }
        let resolve = UInt64(RESOLVE_BENEATH | RESOLVE_NO_MAGICLINKS | RESOLVE_NO_XDEV)
        let flags = UInt64(O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        switch syscall({ Int32(truncatingIfNeeded: refocus_openat2(parent, name, flags, resolve)) }) {
        case .success(let opened): return opened
        case .failure(.noSuchFileOrDirectory): throw .failed(SystemError("open", path, .noSuchFileOrDirectory))
        case .failure: throw .symbolicLink(path: path)
        }
    }

    /// The names of the folder's entries, sorted by their bytes.
    public func names() throws(RootFileRefusal) -> [String] {
        do {
            return try Directories.names(inOpen: descriptor, path: path).sorted {
                Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8))
            }
        } catch {
            throw .failed(error)
        }
    }

    /// The UTF-8 text of the file `name` in the folder, at most `limit` bytes.
    ///
    /// - Throws: `RootFileRefusal` naming the file and the fix.
    public func text(of name: String, limit: Int) throws(RootFileRefusal) -> String {
        let filePath = "\(path)/\(name)"
        guard !name.isEmpty, name != ".", name != "..", !name.contains("/") else {
            throw .wrongType(path: filePath, expected: "a file")
        }
        let file: Int32
        switch syscall({ openat(descriptor, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC) }) {
        case .success(let opened): file = opened
        case .failure(.tooManySymbolicLinkLevels): throw .symbolicLink(path: filePath)
        case .failure(let errno): throw .failed(SystemError("open", filePath, errno))
        }
        defer { close(file) }
        let size = try Self.check(file, path: filePath, type: S_IFREG, expected: "a regular file")
        guard size <= limit else { throw .tooLarge(path: filePath, limit: limit) }
        let bytes: [UInt8]
        do {
            bytes = try FileReader.readAll(file, path: filePath, limit: limit)
        } catch  where error.errno == .fileTooLarge {
            throw .tooLarge(path: filePath, limit: limit)
        } catch {
            throw .failed(error)
        }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw .notText(path: filePath) }
        return text
    }

    /// Checks the type, owner and mode of the open `descriptor`; returns its size.
    @discardableResult
    private static func check(_ descriptor: Int32, path: String, type: mode_t, expected: String)
        throws(RootFileRefusal) -> Int
    {
        var status = stat()
        if case .failure(let errno) = syscall({ fstat(descriptor, &status) }) {
            throw .failed(SystemError("inspect", path, errno))
        }
        guard status.st_mode & S_IFMT == type else { throw .wrongType(path: path, expected: expected) }
        guard status.st_uid == 0 else { throw .notOwnedByRoot(path: path, uid: status.st_uid) }
        guard status.st_mode & 0o022 == 0 else { throw .writableByOthers(path: path, mode: status.st_mode & 0o7777) }
        return Int(status.st_size)
    }
}
