#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RefocusCore

/// An administrator's schedule in force, as the status file shows it:
/// its name, its lists by name, the uids it binds now, whether it is
/// locked, and its window. `refocus status` shows a member those that bind
/// them, as set by the administrator.
public struct AdministeredSummary: Codable, Sendable, Equatable {
    /// The schedule's name.
    public var name: BlockListName
    /// Its lists, by name.
    public var lists: [BlockListName]
    /// The uids it binds now, ascending.
    public var uids: [UInt32]
    /// Whether its users are kept from stopping, pausing or shortening it.
    public var locked: Bool
    /// When this window started.
    public var start: Date
    /// When it ends.
    public var end: Date

    /// A summary of these values.
    public init(name: BlockListName, lists: [BlockListName], uids: [UInt32], locked: Bool, start: Date, end: Date) {
        self.name = name
        self.lists = lists
        self.uids = uids
        self.locked = locked
        self.start = start
        self.end = end
    }

    /// The summary of a schedule in force.
    public init(_ session: ActiveAdministratorSession) {
        self.init(
            name: session.name, lists: session.lists.map(\.name), uids: session.uids, locked: session.lock,
            start: session.start, end: session.end)
    }
}
