import Foundation
import RefocusOS

/// What a killed writer can leave on disk: the temporary siblings of
/// `AtomicFile` and a journal.
enum Leftovers {
    /// The temporary siblings (`NAME.refocus-…`) of the files at `paths`, and those of `extra` files that exist.
    static func find(besides paths: [String], existing extra: [String] = []) -> [String] {
        var found = extra.filter { FileManager.default.fileExists(atPath: $0) }
        for path in paths {
            let folder = AtomicFile.parentDirectory(of: path)
            let prefix = String(path.dropFirst(folder.count + 1)) + AtomicFile.temporaryInfix
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            found += names.filter { $0.hasPrefix(prefix) }.map { folder + "/" + $0 }
        }
        return found
    }

    /// Writes `bytes` over `path` in place (a bind mount cannot be renamed
    /// over), or removes it for nil: how the harness puts a file back, never
    /// through the writer under test.
    static func put(_ bytes: [UInt8]?, at path: String, mode: mode_t = 0o644, owner: (uid_t, gid_t) = (0, 0)) throws {
        guard let bytes else {
            if unlink(path) != 0 && errno != ENOENT { throw HarnessError("remove \(path): errno \(errno)") }
            return
        }
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
        guard fd >= 0 else { throw HarnessError("open \(path): errno \(errno)") }
        defer { close(fd) }
        try AtomicFile.writeAll(fd, bytes, path: path)
        guard fchmod(fd, mode) == 0, fchown(fd, owner.0, owner.1) == 0 else {
            throw HarnessError("chmod \(path): errno \(errno)")
        }
    }
}
