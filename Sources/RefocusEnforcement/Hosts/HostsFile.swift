import RefocusCore
import SystemPackage
import RefocusOS
import RefocusPlanning

/// The `refocus` section of /etc/hosts, written so that nothing is lost.
///
/// The file is a `JournaledFile`: replaced atomically keeping owner, mode
/// and extended attributes, written through a symlink, rewritten in place
/// after a journal under /var/lib/refocus where it is a bind mount, under a
/// lock beside the journal. Every byte outside the section is kept; a
/// damaged section is refused with its line number. The file is read up to
/// `HostsSection.readLimit`, far above the largest section ever written
/// (`HostsSection.maximumBodyBytes`), so an oversized file can still be
/// repaired. Temporary files a crash left (`hosts.refocus-*`) are removed.
/// Needs root for the default paths.
public struct HostsFile: Sendable {
    /// The hosts file (a symlink is followed).
    public var path: String { file.path }
    /// Where an in-place rewrite is journaled.
    public var journalPath: String { file.journalPath }
    /// The file, its journal and its lock (`hosts.lock` beside the journal).
    let file: JournaledFile

    /// The section's markers: `# BEGIN refocus` and `# END refocus`.
    static let section: ManagedSection? = try? ManagedSection(name: HostsSection.sectionName)

    /// What `apply` did: whether the file changed, and notes for a person.
    public typealias Outcome = JournaledFile.Outcome

    /// The system's hosts file, journaled under /var/lib/refocus.
    public init(path: String = "/etc/hosts", journalPath: String = "/var/lib/refocus/hosts.journal") {
        file = JournaledFile(
            path: path, journalPath: journalPath,
            lockPath: AtomicFile.parentDirectory(of: journalPath) + "/hosts.lock",
            readLimit: HostsSection.readLimit)
    }

    /// The current section's lines, or nil when there is none.
    public func currentBody() throws -> [String]? {
        try split(try file.read() ?? []).body
    }

    /// Makes the section hold `body`, or removes it when `body` is nil. An
    /// unchanged file is not written. A body larger than
    /// `HostsSection.maximumBodyBytes` is refused and nothing is written.
    @discardableResult
    public func apply(body: SectionBody?) throws -> Outcome {
        if let body, body.bytes.count > HostsSection.maximumBodyBytes {
            throw HostsFileError.sectionTooLarge(path: path, bytes: body.bytes.count)
        }
        return try file.rewrite { current in try split(current).replacingBody(with: body) }
    }

    /// Removes whatever remains of a damaged section (stray markers, a
    /// section cut short: `ManagedSection.salvage`), for root's clear, which
    /// must work on any state. An intact section, or none, is left to `apply`.
    /// Returns a note naming the lines removed, or nil when nothing was damaged.
    public func salvage() throws -> String? {
        guard let section = Self.section else { return nil }
        var removed: [Int]?
        _ = try file.rewrite { current in
            guard (try? section.split(current)) == nil else { return current }
            let salvaged = section.salvage(current, isOwnLine: HostsSection.isOwnLine)
            removed = salvaged.removedLines
            return salvaged.text
        }
        guard let lines = removed else { return nil }
        return "removed the damaged section of \(path): \(lines.count) line\(lines.count == 1 ? "" : "s")"
            + (lines.first.map { ", from line \($0)" } ?? "")
    }

    private func split(_ bytes: [UInt8]) throws -> ManagedText {
        guard let section = Self.section else { throw SystemError("parse", path, .invalidArgument) }
        do {
            return try section.split(bytes)
        } catch {
            throw HostsFileError.damaged(path: path, error)
        }
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
