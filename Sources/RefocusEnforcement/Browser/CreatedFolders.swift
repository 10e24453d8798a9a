import Glibc
import RefocusOS

/// Folders a policy writer creates, recorded one path a line in `record`
/// (root-only, under /var/lib/refocus), so that the writer can remove them,
/// where empty, when its file goes: after a session the folders are as
/// before it. Needs root for the real folders.
struct CreatedFolders: Sendable {
    /// Only folders under this prefix are ever removed (`""`: the system).
    let root: String
    /// The record's path.
    let record: String

    /// Creates `folder` and its missing parents, each 0755 whatever the
    /// umask (the browser runs as the user), recording each one it made;
    /// an existing one is left as it is.
    func create(_ folder: String) throws(SystemError) {
        var prefix = ""
        for component in folder.split(separator: "/") {
            prefix += "/" + component
            switch syscall({ mkdir(prefix, 0o755) }) {
            case .success:
                try remember(prefix)
                try syscall { chmod(prefix, 0o755) }.get("set the permissions of", prefix)
            case .failure(.fileExists): continue
            case .failure(let errno): throw SystemError("create the directory", prefix, errno)
            }
        }
    }

    /// Removes the recorded folders, deepest first, where they are empty (a
    /// folder an administrator has since put a file in stays), then forgets
    /// them all; returns what failed.
    func removeEmpty() -> [String] {
        guard let bytes = try? FileReader.readIfPresent(record) else { return [] }
        let folders = String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
        for folder in folders.sorted(by: { $0.count > $1.count }) where folder.hasPrefix(root + "/") {
            _ = rmdir(folder)  // ENOTEMPTY: someone else's file is in it now; it stays.
        }
        if case .failure(let errno) = syscall({ unlink(record) }), errno != .noSuchFileOrDirectory {
            return ["\(record) was not removed: \(errno)"]
        }
        return []
    }

    private func remember(_ folder: String) throws(SystemError) {
        let known = (try FileReader.readIfPresent(record)) ?? []
        try Directories.create(AtomicFile.parentDirectory(of: record), mode: 0o700)
        try AtomicFile.write(known + Array((folder + "\n").utf8), to: record, mode: 0o600)
    }
}
