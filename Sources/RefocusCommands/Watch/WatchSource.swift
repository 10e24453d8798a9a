#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Glibc
import RefocusCore
import RefocusOS
import RefocusProtocol

/// Where `refocus watch` gets what it shows: the daemon's status file, read
/// again whenever it is replaced; when it cannot be read (no daemon, or not
/// in the group `refocus`), the helper's answer once, with a note that live
/// updates need the file. It is read again on every tick then, in case it appears.
struct WatchSource {
    /// The file.
    let file = StatusFile()
    /// Why the view is not live; nil while the file is read.
    private(set) var note: String?

    /// The first snapshot: the file's, else the helper's (which may throw).
    mutating func first() throws -> StatusSnapshot {
        if let snapshot = file.read() { return Self.own(snapshot) }
        let snapshot = try StatusCommand.fromHelper()
        note = "Not live: \(file.path) cannot be read (no daemon, or not in the group refocus)."
        return snapshot
    }

    /// The file's snapshot, or `last` when it cannot be read.
    mutating func reread(keeping last: StatusSnapshot) -> StatusSnapshot {
        guard let snapshot = file.read() else { return last }
        note = nil
        return Self.own(snapshot)
    }

    /// `snapshot` with the caller's daily allowances only (the file holds every owner's).
    private static func own(_ snapshot: StatusSnapshot) -> StatusSnapshot {
        AllowanceFormat.own(snapshot, owner: getuid())
    }
}
