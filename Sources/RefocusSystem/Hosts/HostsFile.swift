import Glibc
import RefocusCore
import SystemPackage

/// The `refocus` section of /etc/hosts, written so that nothing is lost.
///
/// Normally the file is replaced atomically (temporary sibling, fsync,
/// rename, fsync of /etc), keeping owner, mode and extended attributes.
/// Where /etc/hosts is a bind mount (containers), rename fails with EBUSY;
/// then the new content is first saved to a journal under /var/lib/refocus,
/// written in place, and the journal removed; a run interrupted in between
/// is completed by `replayJournal()` on the next run. Every byte outside the
/// section is kept; a damaged section is refused with its line number.
/// Needs root for the default paths.
public struct HostsFile: Sendable {
    /// The hosts file.
    public let path: String
    /// Where an in-place rewrite is journaled.
    public let journalPath: String

    /// The section's markers: `# BEGIN refocus` and `# END refocus`.
    static let section: ManagedSection? = try? ManagedSection(name: HostsSection.sectionName)

    /// The system's hosts file, journaled under /var/lib/refocus.
    public init(path: String = "/etc/hosts", journalPath: String = "/var/lib/refocus/hosts.journal") {
        self.path = path
        self.journalPath = journalPath
    }

    /// The current section's lines, or nil when there is none.
    public func currentBody() throws -> [String]? {
        try split().body
    }

    /// Makes the section hold `body`, or removes it when `body` is nil.
    /// Returns whether the file changed; an unchanged file is not written.
    @discardableResult
    public func apply(body: SectionBody?) throws -> Bool {
        try replayJournal()
        let current = try split()
        let new = try current.replacingBody(with: body)
        guard new != current.original else { return false }
        do {
            try AtomicFile.write(new, to: path, keepingOwnerAndAttributes: true)
        } catch {
            // A bind-mounted file (containers) cannot be renamed over.
            guard error.errno == .resourceBusy else { throw error }
            try rewriteInPlace(new)
        }
        return true
    }

    /// Completes an in-place rewrite that a crash interrupted, if any.
    public func replayJournal() throws(SystemError) {
        guard let journaled = try FileReader.readIfPresent(journalPath) else { return }
        try writeInPlace(journaled)
        try syscall { unlink(journalPath) }.get("remove", journalPath)
    }

    private func split() throws -> ManagedText {
        guard let section = Self.section else { throw SystemError("parse", path, .invalidArgument) }
        let bytes = try FileReader.readIfPresent(path) ?? []
        do {
            return try section.split(bytes)
        } catch {
            throw HostsFileError.damaged(path: path, error)
        }
    }

    private func rewriteInPlace(_ bytes: [UInt8]) throws(SystemError) {
        try AtomicFile.write(bytes, to: journalPath, mode: 0o600)
        try writeInPlace(bytes)
        try syscall { unlink(journalPath) }.get("remove", journalPath)
        try AtomicFile.syncDirectory(AtomicFile.parentDirectory(of: journalPath))
    }

    /// Overwrites the file's content without replacing the file itself.
    private func writeInPlace(_ bytes: [UInt8]) throws(SystemError) {
        let fd = try syscall { open(path, O_WRONLY | O_CLOEXEC | O_NOFOLLOW) }.get("open", path)
        defer { close(fd) }
        try AtomicFile.writeAll(fd, bytes, path: path)
        try syscall { ftruncate(fd, off_t(bytes.count)) }.get("truncate", path)
        try syscall { fsync(fd) }.get("flush", path)
    }
}

/// Why the hosts file was not changed.
public enum HostsFileError: RefocusError {
    /// The section's markers are damaged; nothing is written until a person fixes them.
    case damaged(path: String, ManagedSectionError)

    public var category: ErrorCategory { .data }

    public var description: String {
        switch self {
        case let .damaged(path, error):
            "\(path) \(error); ReFocus writes nothing to it until the markers are fixed"
        }
    }
}
