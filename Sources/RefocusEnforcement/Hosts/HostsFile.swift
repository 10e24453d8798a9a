import Glibc
import RefocusCore
import SystemPackage
import RefocusOS

/// The `refocus` section of /etc/hosts, written so that nothing is lost.
///
/// Normally the file is replaced atomically (temporary sibling, fsync,
/// rename, fsync of the folder), keeping owner, mode and extended
/// attributes. A symlinked /etc/hosts is written through to its target, in
/// the target's folder, and stays a symlink. Where the file is a bind mount
/// (containers), rename fails with EBUSY; then the old and new contents are
/// first saved to a journal under /var/lib/refocus (`HostsJournal`), the
/// file is written in place, and the journal removed; a run interrupted in
/// between is completed by the next run, only over the file it was written
/// against. Every byte outside the section is kept; a damaged section is
/// refused with its line number. The file is read up to
/// `HostsSection.readLimit`, far above the largest section ever written
/// (`HostsSection.maximumBodyBytes`), so an oversized file can still be
/// repaired. Temporary files a crash left (`hosts.refocus-*`) are removed.
/// Writers take a lock beside the journal. Needs root for the default paths.
public struct HostsFile: Sendable {
    /// The hosts file (a symlink is followed).
    public let path: String
    /// Where an in-place rewrite is journaled.
    public let journalPath: String

    /// The section's markers: `# BEGIN refocus` and `# END refocus`.
    static let section: ManagedSection? = try? ManagedSection(name: HostsSection.sectionName)

    /// What `apply` did.
    public struct Outcome: Sendable, Equatable {
        /// Whether the file changed.
        public var changed: Bool
        /// What a person should know: a stale journal discarded, temporary files removed.
        public var notes: [String]
    }

    /// The system's hosts file, journaled under /var/lib/refocus.
    public init(path: String = "/etc/hosts", journalPath: String = "/var/lib/refocus/hosts.journal") {
        self.path = path
        self.journalPath = journalPath
    }

    /// The current section's lines, or nil when there is none.
    public func currentBody() throws -> [String]? {
        try split(try target()).body
    }

    /// Makes the section hold `body`, or removes it when `body` is nil. An
    /// unchanged file is not written. A body larger than
    /// `HostsSection.maximumBodyBytes` is refused and nothing is written.
    @discardableResult
    public func apply(body: SectionBody?) throws -> Outcome {
        if let body, body.bytes.count > HostsSection.maximumBodyBytes {
            throw HostsFileError.sectionTooLarge(path: path, bytes: body.bytes.count)
        }
        let lock = try writersLock()
        defer { withExtendedLifetime(lock) {} }
        let target = try target()
        var notes = StaleTemporaries.remove(besides: target)
        if let note = try replayJournal(target) { notes.append(note) }
        let current = try split(target)
        let new = try current.replacingBody(with: body)
        guard new != current.original else { return Outcome(changed: false, notes: notes) }
        do {
            try AtomicFile.write(new, to: target, keepingOwnerAndAttributes: true)
        } catch {
            // A bind-mounted file (containers) cannot be renamed over.
            guard error.errno == .resourceBusy else { throw error }
            try rewriteInPlace(target, from: current.original, to: new)
        }
        return Outcome(changed: true, notes: notes)
    }

    /// Removes whatever remains of a damaged section (stray markers, a
    /// section cut short: `ManagedSection.salvage`), for root's clear, which
    /// must work on any state. An intact section, or none, is left to `apply`.
    /// Returns a note naming the lines removed, or nil when nothing was damaged.
    public func salvage() throws -> String? {
        guard let section = Self.section else { return nil }
        let lock = try writersLock()
        defer { withExtendedLifetime(lock) {} }
        let target = try target()
        _ = try replayJournal(target)
        let bytes = try FileReader.readIfPresent(target, limit: HostsSection.readLimit) ?? []
        guard (try? section.split(bytes)) == nil else { return nil }
        let salvaged = section.salvage(bytes, isOwnLine: HostsSection.isOwnLine)
        do {
            try AtomicFile.write(salvaged.text, to: target, keepingOwnerAndAttributes: true)
        } catch {
            guard error.errno == .resourceBusy else { throw error }
            try rewriteInPlace(target, from: bytes, to: salvaged.text)
        }
        let lines = salvaged.removedLines
        return "removed the damaged section of \(path): \(lines.count) line\(lines.count == 1 ? "" : "s")"
            + (lines.first.map { ", from line \($0)" } ?? "")
    }

    /// The lock that writers of the file take, beside the journal. Its
    /// holders only write the file, so waiting long for it means a holder is
    /// stopped: then this run is busy.
    private func writersLock() throws(SystemError) -> ExclusiveLock {
        let path = AtomicFile.parentDirectory(of: journalPath) + "/hosts.lock"
        guard let lock = try ExclusiveLock.wait(path: path, directoryMode: 0o700, deadline: .seconds(30)) else {
            throw SystemError("lock", path, .resourceBusy)
        }
        return lock
    }

    /// The file to write: `path`, or where its symlinks lead.
    func target() throws(SystemError) -> String {
        guard let resolved = realpath(path, nil) else {
            let error = Errno(rawValue: errno)
            guard error == .noSuchFileOrDirectory else { throw SystemError("resolve", path, error) }
            return path
        }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Completes an in-place rewrite that a crash interrupted, over the file
    /// it was written against only; returns a note when a stale journal was
    /// discarded.
    func replayJournal(_ target: String) throws(SystemError) -> String? {
        guard let saved = try FileReader.readIfPresent(journalPath, limit: 2 * HostsSection.readLimit + 4096) else {
            return nil
        }
        var note: String?
        if let journal = HostsJournal(bytes: saved) {
            let current = try FileReader.readIfPresent(target, limit: HostsSection.readLimit) ?? []
            switch journal.replay(over: current) {
            case .done: break
            case .complete: try writeInPlace(target, journal.new)
            case .stale:
                note = "\(journalPath) was not replayed: \(target) changed since the interrupted rewrite it records; "
                    + "the file was kept as it is"
            }
        }
        try syscall { unlink(journalPath) }.get("remove", journalPath)
        try AtomicFile.syncDirectory(AtomicFile.parentDirectory(of: journalPath))
        return note
    }

    private func split(_ target: String) throws -> ManagedText {
        guard let section = Self.section else { throw SystemError("parse", path, .invalidArgument) }
        let bytes = try FileReader.readIfPresent(target, limit: HostsSection.readLimit) ?? []
        do {
            return try section.split(bytes)
        } catch {
            throw HostsFileError.damaged(path: path, error)
        }
    }

    private func rewriteInPlace(_ target: String, from old: [UInt8], to new: [UInt8]) throws(SystemError) {
        try AtomicFile.write(HostsJournal(old: old, new: new).bytes, to: journalPath, mode: 0o600)
        try writeInPlace(target, new)
        try syscall { unlink(journalPath) }.get("remove", journalPath)
        try AtomicFile.syncDirectory(AtomicFile.parentDirectory(of: journalPath))
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

/// Why the hosts file was not changed.
public enum HostsFileError: RefocusError {
    /// The section's markers are damaged; nothing is written until a person fixes them.
    case damaged(path: String, ManagedSectionError)
    /// The section would be larger than ReFocus ever writes.
    case sectionTooLarge(path: String, bytes: Int)

    public var category: ErrorCategory { .data }

    public var description: String {
        switch self {
        case let .damaged(path, error):
            "\(path) \(error); ReFocus writes nothing to it until the markers are fixed"
        case let .sectionTooLarge(path, bytes):
            "the section of \(path) would take \(bytes >> 20) MiB, more than its limit of "
                + "\(HostsSection.maximumBodyBytes >> 20) MiB; nothing was written"
        }
    }
}
