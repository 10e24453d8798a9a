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
}
