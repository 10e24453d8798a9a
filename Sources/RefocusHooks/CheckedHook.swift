import Glibc
import RefocusCore
import RefocusOS
import SystemPackage
import RefocusProtocol

/// A hook that may run: its folder open (so that it runs from exactly the
/// folder that was checked) and its name in it. Closes the folder in `deinit`.
///
/// `inspect` applies the rule, as the hook's user (the runner never runs as
/// root): the folder and the file are owned by the user or root and not
/// writable by group or others, and the file is a regular file (not a
/// symbolic link) that the user may execute. Only the user (or root) can
/// then change what the folder holds between the check and the run.
public final class CheckedHook {
    /// What `inspect` found.
    public enum Inspection {
        /// No such hook (or no folder): nothing to run, and nothing wrong.
        case missing
        /// A hook that breaks the rule, and why (a sentence naming the path and the fix).
        case refused(String)
        /// A hook to run.
        case ready(CheckedHook)
    }

    /// The folder's descriptor (read-only, close-on-exec).
    public let folder: Int32
    /// The file's name in it: the event's.
    public let name: String
    /// The full path, for messages.
    public let path: String

    private init(folder: Int32, name: String, path: String) {
        self.folder = folder
        self.name = name
        self.path = path
    }

    deinit {
        close(folder)
    }

    /// Finds and checks `event`'s hook in `paths.folder` for the user `uid`
    /// (this process's real and effective user).
    public static func inspect(_ event: HookEvent, in paths: HookPaths, uid: UInt32) -> Inspection {
        let folderPath = paths.folder, path = paths.hook(event)
        let folder: Int32
        switch syscall({ open(folderPath, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }) {
        case .success(let opened): folder = opened
        case .failure(.noSuchFileOrDirectory): return .missing
        case .failure(let errno): return .refused("cannot open the folder \(folderPath): \(errno)")
        }
        var file = stat()
        switch syscall({ fstatat(folder, event.rawValue, &file, AT_SYMLINK_NOFOLLOW) }) {
        case .success: break
        case .failure(.noSuchFileOrDirectory):
            close(folder)
            return .missing
        case .failure(let errno):
            close(folder)
            return .refused("cannot inspect \(path): \(errno)")
        }
        let hook = CheckedHook(folder: folder, name: event.rawValue, path: path)
        var directory = stat()
        guard case .success = syscall({ fstat(folder, &directory) }) else {
            return .refused("cannot inspect the folder \(folderPath)")
        }
        if let reason = unsafeOwnerOrMode(directory, path: folderPath, uid: uid, noun: "the folder") {
            return .refused(reason)
        }
        switch file.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFLNK:
            return .refused("\(path) is a symbolic link; put the executable itself in \(folderPath)")
        default:
            return .refused("\(path) is not a regular file")
        }
        if let reason = unsafeOwnerOrMode(file, path: path, uid: uid, noun: "") { return .refused(reason) }
        guard case .success = syscall({ faccessat(folder, event.rawValue, X_OK, 0) }) else {
            return .refused("\(path) is not executable; make it so: chmod u+x '\(path)'")
        }
        return .ready(hook)
    }

    /// Why a file or folder with `status` is unsafe, or nil: an owner other
    /// than `uid` and root, or write permission for group or others.
    private static func unsafeOwnerOrMode(_ status: stat, path: String, uid: UInt32, noun: String) -> String? {
        let subject = noun.isEmpty ? path : "\(noun) \(path)"
        if status.st_uid != uid && status.st_uid != 0 {
            return "\(subject) belongs to uid \(status.st_uid), not to you (uid \(uid)) or root"
        }
        let mode = status.st_mode & 0o7777
        if mode & 0o022 != 0 {
            return "\(subject) is writable by its group or others (mode 0\(String(mode, radix: 8))); "
                + "make it writable by you alone: chmod go-w '\(path)'"
        }
        return nil
    }
}
