import RefocusCore

/// What the system must enforce for a set of active sessions: the one pure
/// function at the heart of `reconcile(now)`.
///
/// Block-list sessions make the sets below; allowlist sessions make
/// `allowed`, what their owners may still reach.
///
/// The union over sessions of: domains for /etc/hosts (each with the
/// policy's subdomains), names to resolve for the firewall (those of lists
/// whose expanded size, domains × (1 + subdomains), is within the policy's
/// `hostsOnlyAbove`), literal addresses and ranges, and program names per
/// owner. Domains the policy never blocks are left out. Path entries
/// (`youtube.com/shorts`) go to none of these: they are collected in
/// `browserPaths`, for the browsers' managed policies only.
///
/// While any session blocks sites (names, addresses or paths: not programs
/// alone), and unless the policy's `blockDoHEndpoints`
/// is off, the well-known DNS-over-HTTPS endpoints (`DoHEndpoints`) are
/// blocked too: their names in the resolver module's index, where it is in
/// force (Chromium's managed policy already turns its DNS-over-HTTPS off),
/// but not in /etc/hosts (which would block none of their subdomains) nor
/// resolved for the firewall;
/// their published addresses go to `dohAddresses`, which the firewall
/// refuses on ports 443 and 853 only, so that a resolver at such an address
/// keeps answering on port 53.
///
/// Where the resolver module is in force (`libnss_refocus.so.2` named in
/// nsswitch.conf), every blocked domain also goes into its index, which
/// blocks the domain and every name under it; a list above
/// `hostsOnlyAbove` then goes into the index only (`resolverOnlyLists`),
/// neither into /etc/hosts, which glibc reads whole at every lookup, nor to
/// the firewall; and so do the lists that do not fit in the machine's
/// total for the section (`SessionCaps.hostsNamesPerMachine`), chosen
/// fairly between owners (`HostsAllotment`). Without the module, a list
/// above `hostsOnlyAbove` is in /etc/hosts only (`hostsOnlyLists`), as
/// before the module existed, and the total is kept by refusing starts
/// (`SessionRules`).
public struct DesiredEnforcement: Sendable, Equatable {
    /// Every name for the /etc/hosts section, expansions included, sorted.
    public var hostsNames: HostNames
    /// The names whose addresses the firewall blocks, sorted.
    public var namesToResolve: [String]
    /// Addresses and ranges written in the lists.
    public var addresses: Set<AddressRange>
    /// Program names to kill, per owner uid.
    public var programs: [UInt32: Set<ProgramName>]
    /// The lists enforced through /etc/hosts only (larger than the policy's
    /// `hostsOnlyAbove`, without the resolver module), with how many domains each has.
    public var hostsOnlyLists: [BlockListName: Int]
    /// The path entries of the lists (`youtube.com/shorts`), for browsers
    /// only; those under a host the policy never blocks are left out.
    public var browserPaths: Set<BrowserPath>
    /// Every blocked domain, for the resolver module's index (empty without the module).
    public var indexedNames: Set<DomainName>
    /// The lists enforced through the resolver module only (larger than the
    /// policy's `hostsOnlyAbove`, or beyond the section's total), with how
    /// many domains each has.
    public var resolverOnlyLists: [BlockListName: Int]
    /// Every blocked domain, whatever the layers above, for the browsers'
    /// managed policies (`ChromiumPolicy`), which match subdomains themselves.
    public var browserHosts: Set<DomainName>
    /// The DNS-over-HTTPS endpoints' addresses, refused on ports 443 and 853
    /// only; empty unless a session blocks sites, and with `blockDoHEndpoints` off.
    public var dohAddresses: Set<AddressRange>
    /// What each owner of allowlist sessions may still reach, per uid; the
    /// block lists above bind them too (allowed and not blocked).
    public var allowed: [UInt32: AllowedDestinations]
    /// The sites of the open daily allowances, which the table meters for
    /// their owners (never blocks); the reconciler sets them (`AllowanceDay.meteredSites`).
    public var metered: [MeteredSites] = []
    /// What the sessions meant for some users only block for each of them
    /// (`TargetedLists`), per uid; their programs are in `programs`.
    public var userBlocks: [UInt32: UserBlocks] = [:]
    /// How many domains of such sessions no layer blocks by name: the
    /// resolver module is not in force and the policy's `per_user_fallback`
    /// is `refuse`. Their addresses are still refused to their users.
    public var perUserNamesUnblocked = 0

    /// Computes the enforcement for `sessions` (the caller passes the active
    /// ones), which block for every user, and for `targeted`, which block
    /// for their users only, with the resolver module in force or not.
    public init(
        sessions: [Session], targeted: [TargetedLists] = [], policy: Policy, resolverModule: Bool = false
    ) {
        var domains = Set<DomainName>()
        var resolved = Set<DomainName>()
        var addresses = Set<AddressRange>()
        var programs: [UInt32: Set<ProgramName>] = [:]
        var indexed = Set<DomainName>()
        var hostsOnly: [BlockListName: Int] = [:]
        var resolverOnly: [BlockListName: Int] = [:]
        var browserHosts = Set<DomainName>()
        var paths = Set<BrowserPath>()
        var allowed: [UInt32: AllowedDestinations] = [:]
        for session in sessions where session.mode == .allow {
            for list in session.blockLists { allowed[session.owner, default: AllowedDestinations()].add(list) }
        }
        let blocking = sessions.filter { $0.mode == .block }
        let units = blocking.flatMap { session in
            session.blockLists.map { list in
                (
                    session: session, list: list,
                    domains: list.entries.compactMap(\.domain).filter { !policy.forbids($0) }
                )
            }
        }
        // With the module, the section holds what fits in the machine's total, shared between owners.
        let withinThreshold = units.indices.filter {
            !Self.isHostsOnly(domainCount: units[$0].domains.count, policy: policy)
        }
        let inHosts: Set<Int> =
            !resolverModule
            ? Set(withinThreshold)
            : Set(
                HostsAllotment(
                    withinThreshold.map {
                        HostsAllotment.Candidate(
                            owner: units[$0].session.owner, names: Self.expandedCount(units[$0].domains.count, policy),
                            list: units[$0].list.name, session: units[$0].session.id ?? 0)
                    }, total: policy.caps.hostsNamesPerMachine
                ).admitted.map { withinThreshold[$0] })
        for (position, unit) in units.enumerated() {
            let (list, listDomains) = (unit.list, unit.domains)
            browserHosts.formUnion(listDomains)
            if resolverModule { indexed.formUnion(listDomains) }
            if inHosts.contains(position) {
                domains.formUnion(listDomains)
                resolved.formUnion(listDomains)
            } else if resolverModule {
                resolverOnly[list.name] = max(resolverOnly[list.name] ?? 0, listDomains.count)
            } else {
                domains.formUnion(listDomains)
                hostsOnly[list.name] = max(hostsOnly[list.name] ?? 0, listDomains.count)
            }
            addresses.formUnion(list.entries.compactMap(\.addressRange))
            paths.formUnion(list.entries.compactMap(\.browserPath).filter { !policy.forbids($0.host) })
        }
        for session in blocking where !session.programs.isEmpty {
            programs[session.owner, default: []].formUnion(session.programs)
        }
        let users = Self.targeted(targeted, policy: policy, resolverModule: resolverModule)
        programs.merge(users.programs) { $0.union($1) }
        domains.formUnion(users.fallback)
        userBlocks = users.userBlocks
        perUserNamesUnblocked = users.unblocked
        // Only sessions that block sites close the side doors: a session of programs alone makes no table.
        let blocksSites =
            policy.enforcement.blockDoHEndpoints
            && sessions.contains { $0.mode == .block && $0.blockLists.contains { !$0.entries.isEmpty } }
        let doh = blocksSites ? DoHEndpoints.names.filter { !policy.forbids($0) } : []
        if resolverModule { indexed.formUnion(doh) }
        dohAddresses = blocksSites ? Set(DoHEndpoints.addresses) : []
        hostsNames = HostsSection.names(domains: domains, subdomains: policy.subdomains)
        namesToResolve = Array(HostsSection.names(domains: resolved, subdomains: policy.subdomains))
        self.addresses = addresses
        self.programs = programs
        hostsOnlyLists = hostsOnly
        indexedNames = indexed
        resolverOnlyLists = resolverOnly
        self.browserHosts = browserHosts
        browserPaths = paths
        self.allowed = allowed
    }

    /// The Chromium-family browsers' policy for `browserHosts` and
    /// `browserPaths`, with the policy's defaults; nil when nothing is blocked.
    public var chromiumPolicy: ChromiumPolicy? { chromiumPolicy(BrowserChoices()) }

    /// The Chromium-family browsers' policy for `browserHosts` and
    /// `browserPaths`, and the allowlist sessions' lists as `browsers`
    /// says, with DoH as it says; nil when there is nothing to write.
    public func chromiumPolicy(_ browsers: BrowserChoices) -> ChromiumPolicy? {
        let allowing = browserAllowlist(browsers)
        let policy = ChromiumPolicy(
            hosts: browserHosts, paths: pathRules, allowing: allowing,
            turnsDoHOff: turnsDoHOff(browsers, allowing: allowing))
        return policy.isEmpty ? nil : policy
    }

    /// Firefox's policy for `browserHosts` and `browserPaths`, and the
    /// allowlist sessions' lists as `browsers` says, with DoH as it says;
    /// nil when there is nothing to merge.
    public func firefoxPolicy(_ browsers: BrowserChoices) -> FirefoxPolicy? {
        let allowing = browserAllowlist(browsers)
        let policy = FirefoxPolicy(
            hosts: browserHosts, paths: pathRules, allowing: allowing,
            turnsDoHOff: turnsDoHOff(browsers, allowing: allowing))
        return policy.isEmpty ? nil : policy
    }

    /// What every owner's allowlist sessions leave open in the browsers,
    /// which read their policies machine-wide, lifting no session's blocked
    /// host or path; nil without such sessions, or when the policy keeps
    /// allowlists out of the browsers (the default).
    public func browserAllowlist(_ browsers: BrowserChoices) -> BrowserAllowlist? {
        guard browsers.allowlist, !allowed.isEmpty else { return nil }
        var union = AllowedDestinations()
        for destinations in allowed.values { union.formUnion(destinations) }
        return BrowserAllowlist(allowed: union, blocked: browserHosts, blockedPaths: pathRules)
    }

    private func turnsDoHOff(_ browsers: BrowserChoices, allowing: BrowserAllowlist?) -> Bool {
        let restricts = !browserHosts.isEmpty || !browserPaths.isEmpty || allowing != nil
        return browsers.doh == .off || (browsers.doh == .session && restricts)
    }

    private var pathRules: [BrowserPathRule] {
        browserPaths.map { BrowserPathRule(host: $0.host, path: $0.path.text) }
    }

    /// The resolver module's index: the indexed names for everyone, each
    /// targeted user's (`userBlocks`) for that user only, and the names the
    /// policy never blocks kept unblocked under them; nil when nothing at
    /// all is indexed.
    public func nameIndex(policy: Policy) -> NameIndex? {
        let users = userBlocks.compactMapValues { $0.indexedNames.isEmpty ? nil : $0.indexedNames }
        guard !indexedNames.isEmpty || !users.isEmpty else { return nil }
        return NameIndex(blocking: indexedNames, keeping: policy.neverBlock, users: users)
    }

    /// The section body: `0.0.0.0 name` and `:: name` lines for `hostsNames`.
    public var hostsBody: SectionBody { HostsSection.body(of: hostsNames) }

    /// Whether a list of `domains` domains, expanded, is enforced through /etc/hosts only.
    public static func isHostsOnly(domainCount: Int, policy: Policy) -> Bool {
        expandedCount(domainCount, policy) > policy.hostsOnlyAbove
    }

    /// The names a list of `domains` domains adds to the section at most: each with every subdomain.
    public static func expandedCount(_ domains: Int, _ policy: Policy) -> Int {
        domains * (1 + policy.subdomains.count)
    }
}
