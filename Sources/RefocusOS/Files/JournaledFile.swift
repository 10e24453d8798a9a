import Glibc
import RefocusCore
import SystemPackage

/// A system file that ReFocus shares with others and rewrites whole
/// (/etc/hosts, /etc/nsswitch.conf), written so that nothing is lost.
///
/// Normally the file is replaced atomically (`AtomicFile`: temporary
/// sibling, fsync, rename, fsync of the folder), keeping owner, mode and
/// extended attributes. A symlinked file is written through to its target,
/// in the target's folder, and stays a symlink. Where the file is a bind
/// mount (containers), rename fails with EBUSY; then the old and new
/// contents are first saved to a journal (`RewriteJournal`), the file is
/// written in place, and the journal removed; a run interrupted in between
/// is completed by the next run, only over the file it was written
/// against. Temporary files a crash left beside it are removed. Writers
/// take a lock (`lockPath`), beside the journal. Needs root for the
/// system's files and the journal's folder (/var/lib/refocus).
public struct JournaledFile: Sendable {
    /// The file (a symlink is followed).
    public let path: String
    /// Where an in-place rewrite is journaled.
    public let journalPath: String
    /// The lock writers of the file take.
    public let lockPath: String
    /// The most bytes of the file read; a larger file is an error (EFBIG).
    public let readLimit: Int

    /// What a rewrite did.
    public struct Outcome: Sendable, Equatable {
        /// Whether the file changed.
        public var changed: Bool
        /// What a person should know: a stale journal discarded, temporary files removed.
        public var notes: [String]

        /// An outcome.
        public init(changed: Bool, notes: [String]) {
            self.changed = changed
            self.notes = notes
        }
    }

    /// The file at `path`, journaled at `journalPath`, locked with `lockPath`.
    public init(path: String, journalPath: String, lockPath: String, readLimit: Int = FileReader.defaultLimit) {
        self.path = path
        self.journalPath = journalPath
        self.lockPath = lockPath
        self.readLimit = readLimit
    }

    /// Under the writers' lock, after removing a crash's leftovers and
    /// completing an interrupted rewrite: reads the file (empty when it does
    /// not exist), and writes what `change` makes of its bytes, unless that
    /// is the same bytes. A missing file is created with `mode`. With
    /// `removingWhenEmpty`, a file that `change` empties is removed instead
    /// (a bind mount, which cannot be, is emptied).
    public func rewrite(
        mode: mode_t = 0o644, removingWhenEmpty: Bool = false,
        _ change: ([UInt8]) throws -> [UInt8]
    ) throws -> Outcome {
        let lock = try writersLock()
        defer { withExtendedLifetime(lock) {} }
        let target = try target()
        var notes = StaleTemporaries.remove(besides: target)
        if let note = try replayJournal(target) { notes.append(note) }
        let current = try FileReader.readIfPresent(target, limit: readLimit) ?? []
        let new = try change(current)
        guard new != current else { return Outcome(changed: false, notes: notes) }
        if new.isEmpty, removingWhenEmpty, try remove(target) { return Outcome(changed: true, notes: notes) }
        try replace(target, from: current, to: new, mode: mode)
        return Outcome(changed: true, notes: notes)
    }

    /// Removes `target`; false when it is a mount point (EBUSY), which stays.
    private func remove(_ target: String) throws(SystemError) -> Bool {
        switch syscall({ unlink(target) }) {
        case .success: break
        case .failure(.resourceBusy): return false
        case .failure(let errno): throw SystemError("remove", target, errno)
        }
        try AtomicFile.syncDirectory(AtomicFile.parentDirectory(of: target))
        return true
    }

    /// The file's bytes now, or nil when it does not exist; without the lock.
    public func read() throws(SystemError) -> [UInt8]? {
        try FileReader.readIfPresent(try target(), limit: readLimit)
    }

    /// The lock that writers of the file take. Its holders only write the
    /// file, so waiting long for it means a holder is stopped: then this run is busy.
    private func writersLock() throws(SystemError) -> ExclusiveLock {
        guard let lock = try ExclusiveLock.wait(path: lockPath, directoryMode: 0o700, deadline: .seconds(30)) else {
            throw SystemError("lock", lockPath, .resourceBusy)
        }
        return lock
    }

    /// The file to write: `path`, or where its symlinks lead.
    public func target() throws(SystemError) -> String {
        guard let resolved = realpath(path, nil) else {
            let error = Errno(rawValue: errno)
            guard error == .noSuchFileOrDirectory else { throw SystemError("resolve", path, error) }
            return path
        }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Replaces `target`'s bytes `old` with `new`: atomically, or in place
    /// after a journal where the file is a bind mount (EBUSY).
    private func replace(_ target: String, from old: [UInt8], to new: [UInt8], mode: mode_t) throws(SystemError) {
        do {
            try AtomicFile.write(new, to: target, mode: mode, keepingOwnerAndAttributes: true)
        } catch {
            guard error.errno == .resourceBusy else { throw error }
            try AtomicFile.write(RewriteJournal(old: old, new: new).bytes, to: journalPath, mode: 0o600)
            try writeInPlace(target, new)
            try syscall { unlink(journalPath) }.get("remove", journalPath)
            try AtomicFile.syncDirectory(AtomicFile.parentDirectory(of: journalPath))
        }
    }

    /// Completes an in-place rewrite that a crash interrupted, over the file
    /// it was written against only; returns a note when a stale journal was
    /// discarded.
    private func replayJournal(_ target: String) throws(SystemError) -> String? {
        guard let saved = try FileReader.readIfPresent(journalPath, limit: 2 * readLimit + 4096) else { return nil }
        var note: String?
        if let journal = RewriteJournal(bytes: saved) {
            let current = try FileReader.readIfPresent(target, limit: readLimit) ?? []
            switch journal.replay(over: current) {
            case .done: break
            case .complete: try writeInPlace(target, journal.new)
            case .stale:
                note =
                    "\(journalPath) was not replayed: \(target) changed since the interrupted rewrite it records; "
                    + "the file was kept as it is"
            }
        }
        try syscall { unlink(journalPath) }.get("remove", journalPath)
        try AtomicFile.syncDirectory(AtomicFile.parentDirectory(of: journalPath))
        return note
    }

    /// Overwrites the file's content without replacing the file itself.
    private func writeInPlace(_ target: String, _ bytes: [UInt8]) throws(SystemError) {
        let fd = try syscall { open(target, O_WRONLY | O_CLOEXEC | O_NOFOLLOW) }.get("open", target)
        defer { close(fd) }
        try AtomicFile.writeAll(fd, bytes, path: target)
        try syscall { ftruncate(fd, off_t(bytes.count)) }.get("truncate", target)
        try syscall { fsync(fd) }.get("flush", target)
    }
}
