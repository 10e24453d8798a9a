import RefocusCore
import RefocusProtocol

extension SessionRules {
    /// Refuses lists that block nothing, names the policy never blocks,
    /// ranges wider than the policy's shortest prefix, and addresses that
    /// are protected (`ProtectedAddresses`).
    static func checkEntries(
        _ lists: [BlockList], policy: Policy,
        protected: ProtectedAddresses
    ) throws(ProtocolFailure) {
        if let empty = lists.first(where: \.isEmpty) {
            throw ProtocolFailure(code: .badRequest, message: ListError.empty(empty.name).description)
        }
        let forbidden = lists.flatMap(\.entries).compactMap { $0.domain ?? $0.browserPath?.host }.filter(policy.forbids)
        if let first = forbidden.min() {
            throw ProtocolFailure(
                code: .badRequest,
                message: "\(first) may not be blocked on this machine (never_block in the "
                    + "administrator's policy); remove it from the list")
        }
        for range in lists.flatMap(\.addresses) {
            let (key, minimum) = prefixCap(of: range, policy.caps)
            if range.prefixLength < minimum {
                throw overLimit("\(range) is wider than a /\(minimum) range", key: key, value: minimum)
            }
            if let protection = protected.protection(overlapping: range) {
                throw ProtocolFailure(
                    code: .overLimit,
                    message: "\(range) may not be blocked: it covers \(protection), which this "
                        + "machine and its other users need (never_block_addresses); remove it from "
                        + "the list")
            }
        }
    }

    /// Refuses a start after which the active sessions `after` would pass
    /// one of the policy's caps for `owner` or for the machine, or make the
    /// /etc/hosts section larger than `HostsSection.maximumBodyBytes`, or,
    /// without the resolver module, than the policy's total for it.
    static func checkLimits(
        _ after: [Session], owner: UInt32, policy: Policy,
        resolverModule: Bool
    ) throws(ProtocolFailure) {
        let caps = policy.caps
        let mine = after.filter { $0.owner == owner }
        if mine.count > caps.sessionsPerUser {
            throw overLimit(
                "you would have \(mine.count) active sessions", key: .maxSessionsPerUser,
                value: caps.sessionsPerUser)
        }
        let own = Totals(mine)
        let all = Totals(after)
        let checks: [(count: Int, what: String, key: PolicyKey, value: Int)] = [
            (own.nameCount, "\(own.namesText) of yours", .maxNamesPerUser, caps.namesPerUser),
            (
                own.addresses.count, "\(own.addresses.count) addresses and ranges of yours", .maxAddressesPerUser,
                caps.addressesPerUser
            ),
            (own.programCount, "\(own.programCount) programs of yours", .maxProgramsPerUser, caps.programsPerUser),
            (
                all.nameCount, "\(all.namesText) on this machine", .maxNamesPerMachine,
                caps.namesPerMachine
            ),
            (
                all.addresses.count, "\(all.addresses.count) addresses and ranges on this machine",
                .maxAddressesPerMachine, caps.addressesPerMachine
            ),
            (
                all.programCount, "\(all.programCount) programs on this machine", .maxProgramsPerMachine,
                caps.programsPerMachine
            ),
        ]
        for check in checks where check.count > check.value {
            throw overLimit("the sessions would block \(check.what)", key: check.key, value: check.value)
        }
        let merged = AddressIntervals(all.addresses)
        for (ipv6, key, minimum) in [
            (false, PolicyKey.minPrefixIPv4, caps.minimumPrefixIPv4),
            (true, .minPrefixIPv6, caps.minimumPrefixIPv6),
        ] {
            if let wide = merged.wider(thanPrefix: minimum, ipv6: ipv6).first {
                throw overLimit(
                    "the blocked ranges would merge into \(wide.lowerBound)–\(wide.upperBound), wider "
                        + "than a /\(minimum) range", key: key, value: minimum)
            }
        }
        try checkAddressSpace(after, caps: caps)
        let names = HostsSection.names(domains: all.names.filter { !policy.forbids($0) }, subdomains: policy.subdomains)
        let bytes = HostsSection.bodyByteCount(of: names)
        if bytes > HostsSection.maximumBodyBytes {
            throw ProtocolFailure(
                code: .overLimit,
                message: "the /etc/hosts section would hold \(names.count) names in \(bytes >> 20) MiB, "
                    + "more than its limit of \(HostsSection.maximumBodyBytes >> 20) MiB; block fewer "
                    + "names")
        }
        if !resolverModule { try checkHostsTotal(after, policy: policy) }
    }

    /// Without the resolver module every blocked domain is in /etc/hosts,
    /// which every lookup on the machine reads whole: refuses block
    /// sessions whose names, subdomains included, would pass the policy's
    /// `max_hosts_names_per_machine`. (With the module, the lists beyond it
    /// go to the module's index instead: `HostsAllotment`.)
    private static func checkHostsTotal(_ after: [Session], policy: Policy) throws(ProtocolFailure) {
        let domains = Set(
            after.filter { $0.mode == .block }.flatMap { session in
                session.blockLists.flatMap { $0.entries.compactMap(\.domain) }
            }
        ).filter { !policy.forbids($0) }
        let total = policy.caps.hostsNamesPerMachine
        // Cheap first: the section holds at most each domain with each subdomain.
        guard DesiredEnforcement.expandedCount(domains.count, policy) > total else { return }
        let count = HostsSection.names(domains: domains, subdomains: policy.subdomains).count
        guard count > total else { return }
        let key = PolicyKey.maxHostsNamesPerMachine.rawValue
        throw ProtocolFailure(
            code: .overLimit,
            message: "the /etc/hosts section would hold \(count) names (domains with their "
                + "subdomains) for every session together, more than the administrator's policy "
                + "allows (\(key) = \(total) in \(Policy.path)); the resolver module, which would "
                + "take the rest, is not in force: the administrator can add it ('refocus-helper "
                + "nsswitch add') or raise \(key); or block fewer names")
    }

    /// Refuses sessions whose blocked ranges, merged over every block
    /// session of every owner, would hold more addresses of a family than
    /// one range of the policy's `total_prefix_ipv4` or `total_prefix_ipv6`:
    /// however narrow each range, the machine cuts no more than that share
    /// of the Internet. Allowlist sessions cut nothing for others and are not counted.
    private static func checkAddressSpace(_ after: [Session], caps: SessionCaps) throws(ProtocolFailure) {
        let blocked = AddressIntervals(
            after.filter { $0.mode == .block }.flatMap { $0.blockLists.flatMap(\.addresses) })
        for (ipv6, key, prefix) in [
            (false, PolicyKey.totalPrefixIPv4, caps.totalPrefixIPv4),
            (true, .totalPrefixIPv6, caps.totalPrefixIPv6),
        ] {
            let bits = ipv6 ? 128 : 32
            let count = blocked.addressCount(ipv6: ipv6)
            let limit = UInt128(1) << UInt128(bits - prefix)
            guard count > limit else { continue }
            // IPv6 is counted in /64 networks, rounded up: its addresses are too many to read.
            let (amount, unit, allowed) =
                ipv6
                ? (
                    (count >> 64) + (count & UInt128(UInt64.max) == 0 ? 0 : 1), "IPv6 /64 networks",
                    prefix > 64 ? "part of one" : "\(limit >> 64)"
                )
                : (count, "IPv4 addresses", "\(limit)")
            throw overLimit(
                "the blocked ranges of every session together would cover \(amount) \(unit), more than "
                    + "one /\(prefix) range holds (\(allowed))", key: key, value: prefix)
        }
    }

    /// What a set of sessions blocks together, each thing counted once.
    private struct Totals {
        var names = Set<DomainName>()
        /// Browser paths, which count against the names caps with the domains.
        var paths = Set<BrowserPath>()
        var addresses = Set<AddressRange>()
        /// Program names, counted once per owner.
        var programCount = 0

        init(_ sessions: [Session]) {
            var programs: [UInt32: Set<ProgramName>] = [:]
            for session in sessions {
                for list in session.blockLists {
                    for entry in list.entries {
                        switch entry {
                        case .domain(let name): names.insert(name)
                        case .path(let path): paths.insert(path)
                        case .address(let range): addresses.insert(range)
                        }
                    }
                }
                programs[session.owner, default: []].formUnion(session.programs)
            }
            programCount = programs.values.reduce(0) { $0 + $1.count }
        }

        /// Domains and browser paths together.
        var nameCount: Int { names.count + paths.count }

        /// `3 domains`, or `3 domains and paths` when paths are among them.
        var namesText: String { paths.isEmpty ? "\(nameCount) domains" : "\(nameCount) domains and paths" }
    }

    /// The key and value of the shortest prefix allowed for `range`'s family.
    private static func prefixCap(of range: AddressRange, _ caps: SessionCaps) -> (PolicyKey, Int) {
        range.first.isIPv4 ? (.minPrefixIPv4, caps.minimumPrefixIPv4) : (.minPrefixIPv6, caps.minimumPrefixIPv6)
    }

    /// The refusal for `what`, naming the cap: `key = value in /etc/refocus/policy.toml`.
    private static func overLimit(_ what: String, key: PolicyKey, value: Int) -> ProtocolFailure {
        ProtocolFailure(
            code: .overLimit,
            message: "\(what), more than the administrator's policy allows (\(key.rawValue) = \(value) "
                + "in \(Policy.path))")
    }
}
