import RefocusCore

/// The sites of one open daily allowance, which the table meters for its
/// owner (`TableLayer`, `MeteredTraffic`): the addresses its list names and
/// those its names resolve to. A list larger than the policy's
/// `hostsOnlyAbove` has its names left unresolved, as a session's would
/// be, and only its written addresses metered. Names and addresses the
/// policy never blocks are left out: they would never be blocked once the
/// allowance is used, so their traffic costs nothing.
public struct MeteredSites: Sendable, Equatable {
    /// The owner, whose sockets' traffic counts.
    public var owner: UInt32
    /// The list's name.
    public var list: BlockListName
    /// The names to resolve, with the policy's subdomains, sorted.
    public var namesToResolve: [String]
    /// The addresses and ranges written in the list.
    public var addresses: Set<AddressRange>

    /// The sites of `allowance`'s list under `policy`; nil when it has none.
    public init?(_ allowance: StoredAllowance, policy: Policy) {
        let domains = allowance.list.entries.compactMap(\.domain).filter { !policy.forbids($0) }
        let resolvable = DesiredEnforcement.isHostsOnly(domainCount: domains.count, policy: policy) ? [] : domains
        addresses = Set(allowance.list.entries.compactMap(\.addressRange))
        namesToResolve = Array(HostsSection.names(domains: Set(resolvable), subdomains: policy.subdomains))
        guard !namesToResolve.isEmpty || !addresses.isEmpty else { return nil }
        owner = allowance.owner
        list = allowance.name
    }
}
