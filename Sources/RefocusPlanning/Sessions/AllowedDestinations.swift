import RefocusCore

/// What the owner of allowlist sessions may still reach while they run:
/// the union of their lists' names (each with the policy's subdomains, for
/// resolving, and every name under it, for browsers), addresses and ranges,
/// and paths. Everything else the owner sends is refused, apart from what
/// the machine needs to work (loopback, DNS, DHCP, NTP, mDNS: the
/// firewall's own exceptions).
public struct AllowedDestinations: Sendable, Equatable {
    /// The allowed domains, as the lists give them.
    public var domains: Set<DomainName> = []
    /// The allowed addresses and ranges, as the lists give them.
    public var addresses: Set<AddressRange> = []
    /// The allowed paths of hosts (`docs.example/api`), for browsers only:
    /// the firewall lets their hosts' addresses through.
    public var paths: Set<BrowserPath> = []

    /// Nothing allowed.
    public init() {}

    /// Adds the entries of `list`.
    public mutating func add(_ list: BlockList) {
        domains.formUnion(list.entries.compactMap(\.domain))
        addresses.formUnion(list.entries.compactMap(\.addressRange))
        paths.formUnion(list.entries.compactMap(\.browserPath))
    }

    /// Adds everything `other` allows.
    public mutating func formUnion(_ other: AllowedDestinations) {
        domains.formUnion(other.domains)
        addresses.formUnion(other.addresses)
        paths.formUnion(other.paths)
    }

    /// The names whose addresses are allowed: every domain, and the hosts
    /// of the paths, each with `subdomains` (`www`, `m`, …), sorted.
    public func namesToResolve(subdomains: [String]) -> [String] {
        Array(HostsSection.names(domains: domains.union(paths.map(\.host)), subdomains: subdomains))
    }
}
