#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Glibc
import RefocusCore
import SystemPackage
import RefocusOS
import RefocusProtocol

/// The user's hook log, `~/.local/state/refocus/hooks.log` (`HookPaths`):
/// the runner's lines about each run and, between them, what the hook
/// printed. Opened for appending as the hook's user: the folders that are
/// missing are made 0700, the file 0600; a log above `sizeLimit` is first
/// renamed to `hooks.log.1` (replacing the one before), so the two files
/// together stay near twice the limit. Closed in `deinit`.
public final class HookLog {
    /// Above this size the log is started afresh.
    public static let sizeLimit: Int64 = 1 << 20

    /// The log's descriptor (append-only, close-on-exec): the hook's standard output and error.
    public let descriptor: Int32

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    /// Opens the log at `paths.log`, making its folders and moving a full
    /// one aside. Refuses a log that is not a regular file or is another
    /// user's (EPERM), and a symbolic link in its place (ELOOP).
    public static func open(_ paths: HookPaths) throws(SystemError) -> HookLog {
        for folder in paths.logFolders {
            switch syscall({ mkdir(folder, 0o700) }) {
            case .success, .failure(.fileExists): continue
            case .failure(let errno): throw SystemError("create the folder", folder, errno)
            }
        }
        let (log, size) = try append(paths.log)
        guard size > sizeLimit else { return log }
        try syscall { rename(paths.log, paths.previousLog) }.get("rename", paths.log)
        return try append(paths.log).log
    }

    /// Appends `text` and a line break after `ISO-TIME EVENT: ` (`HookTime`);
    /// a failed write is dropped: the log is a record, never a reason to fail.
    public func write(_ text: String, event: HookEvent, at now: Date) {
        _ = try? FileDescriptor(rawValue: descriptor).writeAll(
            "\(HookTime.text(now)) \(event.rawValue): \(text)\n".utf8)
    }

    /// Opens `path` for appending, creating it 0600; checks that it is a
    /// regular file of this user, mode 0600; returns it and its size.
    private static func append(_ path: String) throws(SystemError) -> (log: HookLog, size: Int64) {
        // O_NONBLOCK: a FIFO put in its place cannot hold the open up; a regular file ignores it.
        let flags = O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK | O_NOCTTY
        let log = HookLog(descriptor: try syscall { Glibc.open(path, flags, 0o600) }.get("open", path))
        var status = stat()
        try syscall { fstat(log.descriptor, &status) }.get("inspect", path)
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw SystemError("use", "\(path) (not a regular file)", .notPermitted)
        }
        guard status.st_uid == geteuid() else {
            throw SystemError("use", "\(path) (owned by uid \(status.st_uid))", .notPermitted)
        }
        if status.st_mode & 0o7777 != 0o600 {
            try syscall { fchmod(log.descriptor, 0o600) }.get("set the permissions of", path)
        }
        // Back to blocking writes, for the runner's lines and the hook's output alike.
        _ = syscall { fcntl(log.descriptor, F_SETFL, O_WRONLY | O_APPEND) }
        return (log, Int64(status.st_size))
    }
}
