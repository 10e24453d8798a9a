#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// An administrator's schedule in force at an instant, for the users it
/// reaches then: what the daemon enforces for them.
public struct ActiveAdministratorSession: Sendable, Equatable {
    /// The schedule's name.
    public var name: BlockListName
    /// The lists it blocks.
    public var lists: [BlockList]
    /// The uids it targets now (its users and its groups' members), ascending, each once.
    public var uids: [UInt32]
    /// Whether the targeted users are kept from stopping, pausing or shortening it.
    public var lock: Bool
    /// When this window started.
    public var start: Date
    /// When this window ends (unless a later start of the same schedule renews it first).
    public var end: Date

    /// A session of these values.
    public init(name: BlockListName, lists: [BlockList], uids: [UInt32], lock: Bool, start: Date, end: Date) {
        self.name = name
        self.lists = lists
        self.uids = uids
        self.lock = lock
        self.start = start
        self.end = end
    }
}
