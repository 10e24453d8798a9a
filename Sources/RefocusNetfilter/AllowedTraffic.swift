import RefocusCore

/// What the table lets allowlist sessions' owners send: per owner uid, the
/// addresses they may reach, and the name servers every such owner may ask
/// on port 53 (those of /etc/resolv.conf: DNS to any other address could
/// carry anything, so it is refused like the rest).
public struct AllowedTraffic: Sendable, Equatable {
    /// What each owner may reach, by uid.
    public var owners: [UInt32: AddressIntervals]
    /// The name servers the owners may ask on port 53.
    public var nameServers: AddressIntervals

    /// Nothing restricted.
    public static let none = AllowedTraffic(owners: [:], nameServers: .empty)

    /// Traffic of `owners`, with DNS to `nameServers`.
    public init(owners: [UInt32: AddressIntervals], nameServers: AddressIntervals) {
        self.owners = owners
        self.nameServers = nameServers
    }

    /// Whether no owner is restricted (then no chain, no set).
    public var isEmpty: Bool { owners.isEmpty }
}
