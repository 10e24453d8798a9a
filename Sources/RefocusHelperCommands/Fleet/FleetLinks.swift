import Foundation
import Glibc
import RefocusCore
import RefocusOS

/// The first pull's links, all or none: makes each managed path of
/// /etc/refocus (`policy.toml`, `lists`, `schedules.d`) a link to
/// `fleet/current/NAME`, keeping what held its place as `NAME.before-fleet`
/// (a file by a hard link, so it stays in force until the link replaces it;
/// a folder by a rename; an empty folder is removed). Every new link is
/// made first under a hidden name (`.NAME.fleet-new`), which changes
/// nothing in force; then each is renamed into place. When a step of that
/// fails, the paths already changed are put back (the kept file renamed
/// back over its link, the kept folder renamed back, the empty folder made
/// again) and the hidden names removed, so an error leaves the old state
/// whole. A crash between two renames leaves some paths linked and the
/// others as they were, until the next pull (which finds its commit not
/// yet recorded in force, applies it again, and links the rest).
struct FleetLinks {
    /// What a managed path held before, as far as putting it back needs.
    enum Before: Equatable {
        /// Nothing.
        case nothing
        /// An empty folder with this mode, owner and group.
        case emptyFolder(mode: mode_t, owner: uid_t, group: gid_t)
        /// A file of its own: kept by a hard link.
        case file
        /// Something else of its own (a folder with files, a link elsewhere): kept by a rename.
        case other(isFolder: Bool)
    }

    /// The folder the managed paths are in: /etc/refocus (a test's folder of its own).
    let etc: String
    /// Renames a new link into place, or a folder aside: rename(2) (-1 with `errno` set on failure). A
    /// test's seam fails one of them.
    var renameIntoPlace: (String, String) -> Int32 = { from, to in rename(from, to) }

    /// The link each managed path must be.
    static func target(_ managed: String) -> String { "fleet/current/" + managed }

    /// Throws `occupied` when a managed path holds something of its own (not the link through `current`,
    /// not an empty folder) and its `.before-fleet` name is taken by something else, so it could not be kept.
    func checkReplaceable(_ managed: String) throws {
        let path = etc + "/" + managed, kept = path + FleetPaths.keptSuffix
        var status = stat(), keptStatus = stat()
        guard case .success = syscall({ lstat(path, &status) }) else { return }
        let type = status.st_mode & S_IFMT
        if type == S_IFLNK, (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) == Self.target(managed) {
            return
        }
        if type == S_IFDIR, (try Directories.names(in: path)).isEmpty { return }
        switch syscall({ lstat(kept, &keptStatus) }) {
        case .failure(.noSuchFileOrDirectory): return
        // The hard link a pull that stopped made of this very file: its own, made again.
        case .success where type == S_IFREG && keptStatus.st_ino == status.st_ino && keptStatus.st_dev == status.st_dev:
            return
        default:
            throw FleetError.occupied(
                path: path, reason: "holds something of its own and \(kept) exists already; move one of them away")
        }
    }

    /// Makes every managed path a link through `current`, all or none; returns notes on what was set aside.
    func linkAll() throws -> [String] {
        for managed in FleetPaths.managed { try checkReplaceable(managed) }
        var pending: [(managed: String, before: Before)] = []
        for managed in FleetPaths.managed {
            if let before = try inspect(managed) { pending.append((managed, before)) }
        }
        guard !pending.isEmpty else { return [] }
        var changed: [(managed: String, before: Before)] = []
        do {
            for (managed, before) in pending { try prepare(managed, before) }
            for (managed, before) in pending { try swap(managed, before, changed: &changed) }
        } catch {
            for (managed, before) in changed.reversed() { putBack(managed, before) }
            for (managed, _) in pending { removeHidden(managed) }
            try? AtomicFile.syncDirectory(etc)
            throw error
        }
        try AtomicFile.syncDirectory(etc)
        return pending.compactMap { managed, before in
            let path = etc + "/" + managed, kept = path + FleetPaths.keptSuffix
            switch before {
            case .file: return "\(path) held a file of its own: kept as \(kept)"
            case .other(let isFolder):
                return "\(path) held \(isFolder ? "a folder" : "a file") of its own: kept as \(kept)"
            case .nothing, .emptyFolder: return nil
            }
        }
    }

    /// What `managed` holds, or nil when it is the link through `current` already.
    func inspect(_ managed: String) throws -> Before? {
        let path = etc + "/" + managed
        var status = stat()
        switch syscall({ lstat(path, &status) }) {
        case .failure(.noSuchFileOrDirectory): return .nothing
        case .failure(let errno): throw SystemError("inspect", path, errno)
        case .success: break
        }
        let type = status.st_mode & S_IFMT
        if type == S_IFLNK, (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) == Self.target(managed) {
            return nil
        }
        if type == S_IFDIR, (try Directories.names(in: path)).isEmpty {
            return .emptyFolder(mode: status.st_mode & 0o7777, owner: status.st_uid, group: status.st_gid)
        }
        return type == S_IFREG ? .file : .other(isFolder: type == S_IFDIR)
    }

    /// The hidden name the new link of `managed` is made under.
    func hidden(_ managed: String) -> String { etc + "/." + managed + ".fleet-new" }

    /// Makes the new link under its hidden name, and the hard link that keeps a file: nothing in force changes.
    private func prepare(_ managed: String, _ before: Before) throws {
        let path = etc + "/" + managed, kept = path + FleetPaths.keptSuffix, hidden = hidden(managed)
        _ = unlink(hidden)
        try syscall { symlink(Self.target(managed), hidden) }.get("create the link", hidden)
        guard before == .file else { return }
        if isOwnHardLink(kept, of: path) { _ = unlink(kept) }
        try syscall { link(path, kept) }.get("keep", kept)
    }

    /// Puts the new link of `managed` in place (setting aside what was there); appends to `changed` as soon
    /// as the path no longer holds what it held.
    private func swap(_ managed: String, _ before: Before, changed: inout [(managed: String, before: Before)]) throws {
        let path = etc + "/" + managed, kept = path + FleetPaths.keptSuffix
        switch before {
        case .nothing, .file: break
        case .emptyFolder:
            try syscall { rmdir(path) }.get("remove the empty directory", path)
            changed.append((managed, before))
        case .other:
            try syscall { renameIntoPlace(path, kept) }.get("keep", kept)
            changed.append((managed, before))
        }
        try syscall { renameIntoPlace(hidden(managed), path) }.get("rename into place", path)
        if before == .nothing || before == .file { changed.append((managed, before)) }
    }

    /// Puts back what `managed` held before a swap (whole or half done); errors are ignored: each step
    /// is tried.
    private func putBack(_ managed: String, _ before: Before) {
        let path = etc + "/" + managed, kept = path + FleetPaths.keptSuffix
        let linked = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) == Self.target(managed)
        switch before {
        case .file:
            // One rename: the file is back in force at the instant the link goes.
            _ = syscall { rename(kept, path) }
        case .nothing:
            if linked { _ = unlink(path) }
        case let .emptyFolder(mode, owner, group):
            if linked { _ = unlink(path) }
            if case .success = syscall({ mkdir(path, 0o700) }) {
                _ = chown(path, owner, group)
                _ = chmod(path, mode)
            }
        case .other:
            if linked { _ = unlink(path) }
            _ = syscall { rename(kept, path) }
        }
    }

    /// Removes the hidden link of `managed`, and the hard link that kept its file if it is still there.
    private func removeHidden(_ managed: String) {
        let path = etc + "/" + managed, kept = path + FleetPaths.keptSuffix
        _ = unlink(hidden(managed))
        if isOwnHardLink(kept, of: path) { _ = unlink(kept) }
    }

    /// Whether `kept` is a hard link of the file `path` (the same inode): one a pull made.
    private func isOwnHardLink(_ kept: String, of path: String) -> Bool {
        var keptStatus = stat(), status = stat()
        guard case .success = syscall({ lstat(kept, &keptStatus) }), case .success = syscall({ lstat(path, &status) })
        else { return false }
        return keptStatus.st_mode & S_IFMT == S_IFREG && keptStatus.st_ino == status.st_ino
            && keptStatus.st_dev == status.st_dev
    }
}
