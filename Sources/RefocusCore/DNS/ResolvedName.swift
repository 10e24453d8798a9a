/// A name's IPv4 and IPv6 addresses, as the firewall would block them, and
/// why they are missing or incomplete when they are.
public struct ResolvedName: Sendable, Equatable {
    /// The name asked for.
    public let name: DomainName
    /// The IPv4 addresses, sorted, without duplicates.
    public let ipv4: [IPAddress]
    /// The IPv6 addresses, sorted, without duplicates.
    public let ipv6: [IPAddress]
    /// Nil when both queries were answered and at least one address found.
    public let failure: LookupFailure?
    /// The resolver's reason for a server failure, when there was one.
    public let serverReason: String?
    /// The shortest time to live of the answers with addresses, in seconds;
    /// nil when no query was answered with addresses.
    public let ttl: UInt32?

    /// Combines the answers to the A and AAAA queries for `name`.
    ///
    /// Addresses that must never be blocked (0.0.0.0, ::, 127.0.0.0/8, ::1)
    /// are dropped: a server answering from a hosts file gives them, and
    /// blocking loopback would break the machine. A timeout outweighs a
    /// server failure, which outweighs NXDOMAIN, which outweighs no data.
    public init(name: DomainName, ipv4 outcome4: LookupOutcome, ipv6 outcome6: LookupOutcome) {
        self.name = name
        let outcomes = [outcome4, outcome6]
        let answered4 = Self.addresses(in: outcome4)
        let answered6 = Self.addresses(in: outcome6)
        ipv4 = Self.blockable(answered4)
        ipv6 = Self.blockable(answered6)
        ttl = outcomes.compactMap { outcome -> UInt32? in
            if case .addresses(let found, let ttl) = outcome, !found.isEmpty { return ttl }
            return nil
        }.min()
        serverReason =
            outcomes.lazy.compactMap { outcome -> String? in
                if case .serverFailure(let reason) = outcome { return reason }
                return nil
            }.first
        if outcomes.contains(.timedOut) {
            failure = .timedOut
        } else if serverReason != nil {
            failure = .serverFailure
        } else if !ipv4.isEmpty || !ipv6.isEmpty {
            failure = nil
        } else if !answered4.isEmpty || !answered6.isEmpty {
            failure = .unusableAddresses
        } else if outcomes.contains(.notFound) {
            failure = .notFound
        } else {
            failure = .noData
        }
    }

    /// Every address, IPv4 first.
    public var addresses: [IPAddress] { ipv4 + ipv6 }

    private static func addresses(in outcome: LookupOutcome) -> [IPAddress] {
        if case .addresses(let found, _) = outcome { return found }
        return []
    }

    private static func blockable(_ addresses: [IPAddress]) -> [IPAddress] {
        Array(Set(addresses.filter(\.isBlockable))).sorted()
    }
}
