import Glibc
import RefocusCore

/// Temporary files that `AtomicFile` makes beside a file it replaces
/// (`NAME.refocus-` and 12 letters or digits) and that a crash between
/// their creation and the rename left behind. The caller holds the lock
/// that serialises writers of the file, so none of them is in use.
package enum StaleTemporaries {
    /// Removes the leftovers beside `path` that are regular files owned by
    /// this process's user (root, for the helper); returns a note naming them, or nothing when there were none.
    package static func remove(besides path: String) -> [String] {
        let folder = AtomicFile.parentDirectory(of: path)
        let prefix = String(path.dropFirst(folder == "/" ? 1 : folder.count + 1)) + AtomicFile.temporaryInfix
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        var removed: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard name.hasPrefix(prefix), name.utf8.count == prefix.utf8.count + 12 else { continue }
            var status = stat()
            // Relative to the open folder, without following a link.
            guard fstatat(dirfd(directory), name, &status, AT_SYMLINK_NOFOLLOW) == 0,
                status.st_mode & S_IFMT == S_IFREG, status.st_uid == geteuid(),
                unlinkat(dirfd(directory), name, 0) == 0
            else { continue }
            removed.append(folder == "/" ? "/" + name : folder + "/" + name)
        }
        guard !removed.isEmpty else { return [] }
        return [
            "removed \(removed.count) temporary file\(removed.count == 1 ? "" : "s") a crash left: "
                + removed.sorted().joined(separator: ", ")
        ]
    }
}
