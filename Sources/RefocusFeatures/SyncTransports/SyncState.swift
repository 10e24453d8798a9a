import Glibc
import RefocusCore
import RefocusOS

/// What list sync remembers on this machine, under
/// `$XDG_STATE_HOME/refocus/sync/`: `base/NAME.domains`, each list as of the
/// last sync in the synced form (the base of the next three-way merge);
/// `lock`, which serialises two syncs of one user; `last`, when the last
/// sync ran and how it went. Every write is atomic.
public struct SyncState: Sendable {
    /// `…/refocus/sync`.
    public let directory: String

    /// The state under `paths`.
    public init(paths: StatePaths) {
        directory = paths.sync
    }

    /// The folder of base copies.
    public var baseDirectory: String { directory + "/base" }

    /// The last synced entries of every list that has a base copy. This
    /// machine wrote them valid: they are not validated again.
    public func bases() throws(SystemError) -> [BlockListName: SyncedLines] {
        var bases: [BlockListName: SyncedLines] = [:]
        for file in try Directories.names(in: baseDirectory) {
            guard case .list(let name) = SyncFileName(file),
                let bytes = try FileReader.readIfPresent(baseDirectory + "/" + file)
            else { continue }
            bases[name] = SyncedLines(trusted: String(decoding: bytes, as: UTF8.self))
        }
        return bases
    }

    /// Records a list's synced text (`SyncedLines.render`) as its base
    /// (nil: the list is gone), writing only when it differs.
    public func saveBase(_ text: String?, for name: BlockListName) throws(SystemError) {
        let path = "\(baseDirectory)/\(name)\(SyncFileName.suffix)"
        guard let text else {
            if case .failure(let errno) = syscall({ unlink(path) }), errno != .noSuchFileOrDirectory {
                throw SystemError("remove", path, errno)
            }
            return
        }
        let bytes = Array(text.utf8)
        if try FileReader.readIfPresent(path) == bytes { return }
        try Directories.prepare(baseDirectory, mode: 0o700)
        try AtomicFile.write(bytes, to: path, mode: 0o600)
    }

    /// Takes the lock that serialises syncs, waiting at most `deadline`.
    ///
    /// - Throws: `SyncError.busy` when another sync holds it that long.
    public func lock(deadline: Duration = .seconds(30)) throws -> ExclusiveLock {
        let path = directory + "/lock"
        guard let lock = try ExclusiveLock.wait(path: path, directoryMode: 0o700, deadline: deadline) else {
            throw SyncError.busy(path)
        }
        return lock
    }

    /// The last sync: when (seconds since 1970) and its one-line result; nil before the first.
    public func last() -> (time: Int, result: String)? {
        guard let bytes = try? FileReader.readIfPresent(directory + "/last", limit: 1 << 16) else { return nil }
        let text = String(decoding: bytes, as: UTF8.self)
        guard let tab = text.firstIndex(of: "\t"), let time = Int(text[..<tab]) else { return nil }
        return (time, String(text[text.index(after: tab)...]).trimmingSuffix("\n"))
    }

    /// Records the sync that ended at `time` and its result (one line).
    public func recordLast(time: Int, result: String) throws(SystemError) {
        try Directories.prepare(directory, mode: 0o700)
        let line = result.replacingNewlines()
        try AtomicFile.write(Array("\(time)\t\(line)\n".utf8), to: directory + "/last", mode: 0o600)
    }
}

extension String {
    fileprivate func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }

    fileprivate func replacingNewlines() -> String {
        String(map { $0 == "\n" || $0 == "\r\n" || $0 == "\r" ? " " : $0 })
    }
}
