import Foundation
import Glibc
import RefocusCore
import RefocusOS

/// Puts a fleet commit's files in force, all or none: each commit's set is
/// written whole into a staging folder, flushed, and renamed to
/// `/etc/refocus/fleet/g-COMMIT`; then the link `/etc/refocus/fleet/current`
/// is swapped for one to the new generation by a single rename. The
/// managed paths (`/etc/refocus/policy.toml`, `lists`, `schedules.d`) are
/// links through `current`, made by the first pull (`FleetLinks`, all or
/// none; `current` is put back when they cannot be made): after that, a
/// crash leaves the old set or the new one in force, never a mix. The
/// generation before is kept (to go back by hand), older ones removed.
enum FleetGenerations {
    /// The folder name of `commit`'s generation.
    static func name(of commit: String) -> String { "g-" + commit }

    /// The generation `current` points to, or nil.
    static func current() -> String? {
        try? FileManager.default.destinationOfSymbolicLink(atPath: FleetPaths.current)
    }

    /// The commit whose generation `current` points to, or nil.
    static func currentCommit() -> String? {
        guard let name = current(), name.hasPrefix("g-") else { return nil }
        let commit = String(name.dropFirst(2))
        return FleetGit.isCommitID(commit) ? commit : nil
    }

    /// Writes `files` (path under /etc/refocus and bytes, root:root 0644) as `commit`'s generation and
    /// swaps it in; returns notes on what the first pull set aside.
    static func apply(_ files: [(path: String, bytes: [UInt8])], commit: String) throws -> [String] {
        try Directories.create(FleetPaths.etc, mode: 0o755)
        try Directories.prepare(FleetPaths.generations, mode: 0o755)
        for stale in try Directories.names(in: FleetPaths.generations) where stale.hasPrefix(".") {
            try FileManager.default.removeItem(atPath: FleetPaths.generations + "/" + stale)
        }
        // A managed path that could not be set aside refuses the pull before anything is written.
        let links = FleetLinks(etc: FleetPaths.etc)
        for managed in FleetPaths.managed { try links.checkReplaceable(managed) }
        let name = name(of: commit), previous = current()
        let final = FleetPaths.generations + "/" + name
        if !FileManager.default.fileExists(atPath: final) {
            let staging = FleetPaths.generations + "/.staging-" + name
            try make(staging)
            for folder in FleetPaths.folders { try make(staging + "/" + folder) }
            for file in files {
                try AtomicFile.write(
                    file.bytes, to: staging + "/" + file.path, mode: 0o644, keepingMode: false, owner: (0, 0))
            }
            for folder in FleetPaths.folders { try AtomicFile.syncDirectory(staging + "/" + folder) }
            try AtomicFile.syncDirectory(staging)
            try syscall { rename(staging, final) }.get("rename into place", final)
        }
        try replace(FleetPaths.current, withLinkTo: name)
        let notes: [String]
        do {
            notes = try links.linkAll()
        } catch {
            // The links were put back as they were: `current` too.
            if let previous {
                try? replace(FleetPaths.current, withLinkTo: previous)
            } else {
                _ = unlink(FleetPaths.current)
            }
            throw error
        }
        for old in try Directories.names(in: FleetPaths.generations)
        where old.hasPrefix("g-") && old != name && old != previous {
            try FileManager.default.removeItem(atPath: FleetPaths.generations + "/" + old)
        }
        return notes
    }

    /// Makes a folder root:root 0755 (whatever the umask).
    private static func make(_ path: String) throws(SystemError) {
        try syscall { mkdir(path, 0o755) }.get("create the directory", path)
        try syscall { chmod(path, 0o755) }.get("set the permissions of", path)
    }

    /// Makes `path` a link to `target` by renaming a new link over it, then flushes its folder.
    private static func replace(_ path: String, withLinkTo target: String) throws(SystemError) {
        let folder = AtomicFile.parentDirectory(of: path)
        let temporary = folder + "/.link-new"
        _ = unlink(temporary)
        try syscall { symlink(target, temporary) }.get("create the link", temporary)
        try syscall { rename(temporary, path) }.get("rename into place", path)
        try AtomicFile.syncDirectory(folder)
    }
}
