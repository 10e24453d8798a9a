import Glibc
import RefocusCore
import SystemPackage

/// Creates directories the way `mkdir -p` does.
public enum Directories {
    /// Creates `path` and any missing parents with `mode` (less the umask).
    public static func create(_ path: String, mode: mode_t = 0o755) throws(SystemError) {
        var prefix = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            prefix += "/" + component
            switch syscall({ mkdir(prefix, mode) }) {
            case .success, .failure(.fileExists): continue
            case .failure(let errno): throw SystemError("create the directory", prefix, errno)
            }
        }
    }

    /// Makes `path` a directory of this process's user with exactly `mode`,
    /// whoever created it and with whatever umask: creates it (and its
    /// parents) when missing, and corrects the mode of one that exists.
    /// Refuses a symbolic link or anything else that is not a directory
    /// (ENOTDIR), and a directory of another user (EPERM), rather than use
    /// or change them; the fix is to remove it. For /run/refocus (0755: the
    /// group reads status.json there) and /var/lib/refocus (0700).
    public static func prepare(_ path: String, mode: mode_t) throws(SystemError) {
        try create(path, mode: mode)
        let fd: Int32
        switch syscall({ open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) }) {
        case .success(let opened): fd = opened
        case .failure(.tooManySymbolicLinkLevels), .failure(.notDirectory):
            throw SystemError(
                "use the directory", "\(path) (a link or a file is in its place: remove it)", .notDirectory)
        case .failure(let errno): throw SystemError("open the directory", path, errno)
        }
        defer { close(fd) }
        var status = stat()
        try syscall { fstat(fd, &status) }.get("inspect", path)
        guard status.st_uid == geteuid() else {
            throw SystemError(
                "use the directory", "\(path) (owned by uid \(status.st_uid), not root: remove it)", .notPermitted)
        }
        if status.st_mode & 0o7777 != mode {
            try syscall { fchmod(fd, mode) }.get("set the permissions of", path)
        }
    }

    /// The names of the entries of the folder `path` (without `.` and `..`);
    /// empty when there is no such folder.
    public static func names(in path: String) throws(SystemError) -> [String] {
        guard let stream = opendir(path) else {
            let error = Errno(rawValue: errno)
            if error == .noSuchFileOrDirectory { return [] }
            throw SystemError("read the folder", path, error)
        }
        return entries(of: stream)
    }

    /// The names of the entries of the open folder `folder` (without `.` and
    /// `..`), read through a copy of the descriptor; `path` names it in errors.
    public static func names(inOpen folder: Int32, path: String) throws(SystemError) -> [String] {
        let copy = try syscall { fcntl(folder, F_DUPFD_CLOEXEC, 0) }.get("read the folder", path)
        guard let stream = fdopendir(copy) else {
            let error = Errno(rawValue: errno)
            close(copy)
            throw SystemError("read the folder", path, error)
        }
        return entries(of: stream)
    }

    /// Reads `stream` to its end and closes it.
    private static func entries(of stream: OpaquePointer) -> [String] {
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}
