import Glibc
import RefocusCore
import SystemPackage

/// Private temporary files (mode 0600) in `$TMPDIR` or /tmp.
public enum TemporaryFile {
    /// Creates a new file `PREFIX-XXXXXX.SUFFIX` holding `bytes`; returns its path.
    public static func create(
        prefix: String, suffix: String, bytes: [UInt8],
        environment: [String: String]
    ) throws(SystemError) -> String {
        let folder = environment["TMPDIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
        let (fd, path) = try NewFile.create(
            prefix: "\(folder)/\(prefix)-", suffix: suffix, mode: 0o600,
            for: "\(folder)/\(prefix)\(suffix)")
        defer { close(fd) }
        try AtomicFile.writeAll(fd, bytes, path: path)
        return path
    }

    /// Removes a temporary file, ignoring one that is already gone.
    public static func remove(_ path: String) {
        unlink(path)
    }
}
