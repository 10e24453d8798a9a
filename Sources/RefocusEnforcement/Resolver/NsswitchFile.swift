import RefocusCore
import RefocusOS
import RefocusPlanning

/// /etc/nsswitch.conf with the resolver module's service, `refocus`, on
/// its hosts line (`NsswitchConf.adding`) or without it (`removing`).
///
/// The file is a `JournaledFile`, as /etc/hosts is: replaced atomically
/// keeping owner, mode and extended attributes, written through a symlink,
/// rewritten in place after a journal (/var/lib/refocus/nsswitch.journal)
/// where it is a bind mount, under a lock beside the journal. Unchanged
/// bytes are not written. A missing file is created by `add` (mode 0644)
/// holding only ReFocus's section, since glibc reads no file as its
/// defaults (`hosts: files dns`); `remove` removes a file it leaves empty,
/// which glibc reads as it reads none. Needs root for the default paths.
public struct NsswitchFile: Sendable {
    /// The file, its journal and its lock (`nsswitch.lock` beside the journal).
    let file: JournaledFile

    /// The file's path (a symlink is followed).
    public var path: String { file.path }

    /// The system's nsswitch.conf, journaled under /var/lib/refocus.
    public init(path: String = "/etc/nsswitch.conf", journalPath: String = "/var/lib/refocus/nsswitch.journal") {
        file = JournaledFile(
            path: path, journalPath: journalPath,
            lockPath: AtomicFile.parentDirectory(of: journalPath) + "/nsswitch.lock",
            readLimit: Self.readLimit)
    }

    /// The most bytes read: nsswitch.conf is a few hundred.
    static let readLimit = 1 << 20

    /// The file as glibc reads it now; an empty one when it does not exist.
    public func read() throws -> NsswitchConf {
        NsswitchConf(bytes: try file.read() ?? [])
    }

    /// Names `refocus` on the hosts line; nothing is written when it is named there already.
    ///
    /// - Throws: `NsswitchFileError` when the file is one ReFocus does not
    ///   edit (damaged markers, a line glibc cannot read), `SystemError`.
    @discardableResult
    public func add() throws -> JournaledFile.Outcome {
        try file.rewrite { current in
            do throws(NsswitchConfError) {
                return try NsswitchConf(bytes: current).adding().bytes
            } catch {
                throw NsswitchFileError.refused(path: path, error)
            }
        }
    }

    /// Takes `refocus` off every hosts line and removes ReFocus's section:
    /// after `add`, the bytes are those before it. Works on any file.
    @discardableResult
    public func remove() throws -> JournaledFile.Outcome {
        try file.rewrite(removingWhenEmpty: true) { NsswitchConf(bytes: $0).removing().bytes }
    }
}

/// Why nsswitch.conf was not changed.
public enum NsswitchFileError: RefocusError, Equatable {
    /// The file is one ReFocus does not edit; nothing was written.
    case refused(path: String, NsswitchConfError)

    public var category: ErrorCategory { .data }

    public var description: String {
        switch self {
        case let .refused(path, error): "\(path) \(error); nothing was changed"
        }
    }
}
