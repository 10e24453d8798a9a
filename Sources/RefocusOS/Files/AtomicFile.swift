import Glibc
import RefocusCore
import SystemPackage

/// Replaces a file's contents atomically: a crash at any instant leaves
/// either the old file or the new one, never a mix.
///
/// The new bytes go to a temporary sibling (same directory, so the rename
/// cannot cross file systems), are flushed with `fsync`, renamed over the
/// target, and the directory is flushed so the rename itself is durable.
/// An existing file keeps its permission bits, and with
/// `keepingOwnerAndAttributes` also its owner, group and extended
/// attributes (an SELinux label, for instance: that needs root); a new file
/// gets `mode`, and so does an existing one with `keepingMode` false. An `owner` is given to the new bytes before they replace
/// the old (changing another's ownership needs root), so that the file
/// never has another owner or group, even for an instant. Needs write
/// permission on the directory.
public enum AtomicFile {
    /// What follows a file's name in the name of its temporary sibling,
    /// itself followed by 12 random letters or digits (`hosts.refocus-…`).
    public static let temporaryInfix = ".refocus-"

    /// What ends the name of a hidden temporary sibling (`hiddenTemporary`).
    public static let hiddenTemporarySuffix = ".refocus-tmp"

    /// Whether `sibling`, a name in the same folder, is one of the temporary
    /// files `write` makes for the file named `name` (visible or hidden).
    public static func isTemporary(_ sibling: String, of name: String) -> Bool {
        sibling.hasPrefix(name + temporaryInfix)
            || (sibling.hasPrefix("." + name + ".") && sibling.hasSuffix(hiddenTemporarySuffix))
    }

    /// Writes `bytes` to `path` atomically; with `owner`, the file has that
    /// uid and gid from the moment it appears under `path`. With
    /// `hiddenTemporary` the temporary sibling is `.NAME.…refocus-tmp`, a
    /// hidden name that sync engines (Syncthing, Nextcloud) do not carry.
    public static func write(
        _ bytes: [UInt8], to path: String, mode: mode_t = 0o644, keepingMode: Bool = true,
        keepingOwnerAndAttributes: Bool = false,
        owner: (uid: uid_t, gid: gid_t)? = nil, hiddenTemporary: Bool = false
    ) throws(SystemError) {
        let directory = parentDirectory(of: path)
        var status = stat()
        let existing: Bool
        switch syscall({ stat(path, &status) }) {
        case .success: existing = true
        case .failure(.noSuchFileOrDirectory): existing = false
        case .failure(let errno): throw SystemError("inspect", path, errno)
        }
        let permissions = existing && keepingMode ? status.st_mode & 0o7777 : mode

        let name = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
        let (prefix, suffix) =
            hiddenTemporary
            ? (path[..<name] + "." + path[name...] + ".", hiddenTemporarySuffix)
            : (path + temporaryInfix, "")
        let (fd, temporary) = try NewFile.create(prefix: prefix, suffix: suffix, mode: 0o600, for: path)
        do throws(SystemError) {
            // Closed before the rename: its close-write event names the temporary file, so that a
            // watcher of the target sees our write as one rename (`FileWatch.drainOwnWrite`).
            do {
                defer { close(fd) }
                try writeAll(fd, bytes, path: temporary)
                if existing && keepingOwnerAndAttributes {
                    try syscall { fchown(fd, status.st_uid, status.st_gid) }.get("set the owner of", temporary)
                    try ExtendedAttributes.copy(from: path, to: fd, describing: temporary)
                }
                if let owner {
                    try syscall { fchown(fd, owner.uid, owner.gid) }.get("set the owner of", temporary)
                }
                try syscall { fchmod(fd, permissions) }.get("set permissions of", temporary)
                try syscall { fsync(fd) }.get("flush", temporary)
            }
            try syscall { rename(temporary, path) }.get("replace", path)
        } catch {
            unlink(temporary)
            throw error
        }
        try syncDirectory(directory)
    }

    /// Writes every byte, continuing after short writes.
    package static func writeAll(_ fd: Int32, _ bytes: [UInt8], path: String) throws(SystemError) {
        var offset = 0
        while offset < bytes.count {
            let written = try syscall {
                bytes.withUnsafeBytes { buffer in
                    guard let base = buffer.baseAddress else { return 0 }
                    return Glibc.write(fd, base + offset, buffer.count - offset)
                }
            }.get("write", path)
            offset += written
        }
    }

    /// Flushes a directory so that a rename in it survives a crash.
    package static func syncDirectory(_ directory: String) throws(SystemError) {
        let fd = try syscall { open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }.get("open", directory)
        defer { close(fd) }
        try syscall { fsync(fd) }.get("flush", directory)
    }

    /// The directory part of a path: `/etc` for `/etc/hosts`, `.` for `hosts`.
    public static func parentDirectory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
