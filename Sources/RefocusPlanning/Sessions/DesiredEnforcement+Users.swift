import RefocusCore

extension DesiredEnforcement {
    /// What `targeted` blocks for its users alone (`userBlocks`, and
    /// programs per uid), and the domains that go into the machine-wide
    /// /etc/hosts section instead: those of the users' names the resolver
    /// module cannot answer, where it is not in force and the policy's
    /// `per_user_fallback` is `machine`. With `refuse` they go nowhere and
    /// `unblocked` counts them.
    ///
    /// Per user: every domain goes into the user's index entries (with the
    /// DoH endpoints' names, unless the policy keeps them); a list within
    /// `hostsOnlyAbove` is also resolved, with the policy's subdomains, for
    /// the table; its addresses are refused to the user's sockets, and its
    /// programs killed for the user, as an owner's are. Browsers read their
    /// policies machine-wide, so nothing targeted reaches them.
    static func targeted(_ targeted: [TargetedLists], policy: Policy, resolverModule: Bool) -> Targeted {
        var result = Targeted()
        var fallback = Set<DomainName>()
        var unblocked = Set<DomainName>()
        for entry in targeted {
            for list in entry.lists {
                let domains = list.entries.compactMap(\.domain).filter { !policy.forbids($0) }
                let resolves = !Self.isHostsOnly(domainCount: domains.count, policy: policy)
                let names =
                    resolves ? Array(HostsSection.names(domains: Set(domains), subdomains: policy.subdomains)) : []
                let addresses = list.entries.compactMap(\.addressRange)
                let programs = list.programs
                let doh =
                    policy.enforcement.blockDoHEndpoints && !list.entries.isEmpty
                    ? DoHEndpoints.names.filter { !policy.forbids($0) } : []
                for uid in entry.uids {
                    var blocks = result.userBlocks[uid] ?? UserBlocks()
                    if resolverModule { blocks.indexedNames.formUnion(domains + doh) }
                    blocks.namesToResolve = Array(Set(blocks.namesToResolve).union(names)).sorted()
                    blocks.addresses.formUnion(addresses)
                    result.userBlocks[uid] = blocks
                    if !programs.isEmpty { result.programs[uid, default: []].formUnion(programs) }
                }
                if !resolverModule {
                    if policy.perUser.fallback == .machine {
                        fallback.formUnion(domains)
                    } else {
                        unblocked.formUnion(domains)
                    }
                }
            }
        }
        result.fallback = fallback
        result.unblocked = unblocked.count
        return result
    }

    /// What targeted lists come to (`targeted(_:policy:resolverModule:)`).
    struct Targeted {
        var userBlocks: [UInt32: UserBlocks] = [:]
        var programs: [UInt32: Set<ProgramName>] = [:]
        var fallback = Set<DomainName>()
        var unblocked = 0
    }
}
