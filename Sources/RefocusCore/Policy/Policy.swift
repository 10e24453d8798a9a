/// The administrator's policy: limits and choices that bind every user,
/// read by the helper from `/etc/refocus/policy.toml` (see `PolicyKey` for
/// the keys). Every field has a default, so a missing file is the default policy.
public struct Policy: Sendable, Equatable {
    /// The shortest and longest session a user may start (`min_session`, `max_session`).
    public var sessionBounds: SessionLengthBounds = .standard
    /// Lists with more names than this are enforced through /etc/hosts only,
    /// without resolving their addresses for the firewall (`hosts_only_above`).
    public var hostsOnlyAbove = 5_000
    /// The subdomains added to every blocked domain (`subdomains`).
    public var subdomains = Policy.defaultSubdomains
    /// How long resolving blocked domains may take, in milliseconds (`resolve_timeout_ms`).
    public var resolveTimeoutMilliseconds = 2_000
    /// Domains that no session may block, with their subdomains (`never_block`).
    public var neverBlock: Set<DomainName> = [] {
        didSet { neverBlockNames = Set(neverBlock.map { Substring($0.ascii) }) }
    }
    /// `neverBlock` as text, for one set lookup per suffix of a name.
    private var neverBlockNames: Set<Substring> = []
    /// Addresses and ranges that no session may block, beside the built-in
    /// ones of `ProtectedAddresses` (`never_block_addresses`).
    public var neverBlockAddresses: [AddressRange] = []
    /// Caps on what sessions may block, per user and per machine.
    public var caps = SessionCaps()
    /// Whether `refocus-helper clear` may end a locked session that is still
    /// running (`root_may_clear_locked`); when not, it refuses unless forced.
    public var rootMayClearLocked = true
    /// The enforcement layers the administrator may turn off (`block_doh_endpoints`, `exec_permission`).
    public var enforcement = EnforcementChoices()
    /// The name of ReFocus's nftables table in family `inet` (`nftables_table`):
    /// `refocus`, or another name for a second ReFocus that shares the
    /// network namespace (a test sandbox beside an installed one).
    public var nftablesTable = standardTableName

    /// What the browsers' managed policies carry beside the blocked sites
    /// (`browser_doh`, `browser_allowlist`).
    public var browsers = BrowserChoices()

    /// Whether and how sessions loosen: the emergency exit and the
    /// delays (`emergency_exit`, `emergency_delay`, `emergency_per_week`, `min_delay`).
    public var loosening = LooseningChoices()

    /// How finely daily allowances count time on their sites, in seconds
    /// (`allowance_site_step`, 1 to `maximumAllowanceSiteStep`): each step
    /// in which the owner's traffic reached a list's addresses counts whole,
    /// and the daemon wakes at most once a step per allowance in use.
    public var allowanceSiteStep = 60

    /// The daily allowances the administrator sets for users (`[[allowance]]` tables).
    public var allowances: [PolicyAllowance] = []

    /// How sessions for some users are enforced (`per_user_fallback`, `user_sessions`).
    public var perUser = PerUserChoices()

    /// The longest step `allowance_site_step` may give: 10 minutes.
    public static let maximumAllowanceSiteStep = 600

    /// The table's name unless the policy names another.
    public static let standardTableName = "refocus"

    /// Where the administrator keeps it.
    public static let path = "/etc/refocus/policy.toml"

    /// The default policy.
    public init() {}

    /// Whether `name` can name the nftables table: a lower-case letter, then
    /// up to 31 lower-case letters, digits or underscores.
    public static func isValidTableName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard let first = bytes.first, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first), bytes.count <= 32
        else { return false }
        return bytes.allSatisfy {
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
                || $0 == UInt8(ascii: "_")
        }
    }

    /// Whether `domain` is, or is under, a name the policy never blocks.
    public func forbids(_ domain: DomainName) -> Bool { neverBlockName(covering: domain) != nil }

    /// The name of `never_block` that `domain` is or is under, or nil.
    public func neverBlockName(covering domain: DomainName) -> String? {
        guard !neverBlockNames.isEmpty else { return nil }
        var name = Substring(domain.ascii)
        while true {
            if neverBlockNames.contains(name) { return String(name) }
            guard let dot = name.firstIndex(of: ".") else { return nil }
            name = name[name.index(after: dot)...]
        }
    }
}

/// The keys of `/etc/refocus/policy.toml`, documented in the helper's man page.
public enum PolicyKey: String, CaseIterable, Sendable {
    /// A session length such as "24h": the longest session (default 24h).
    case maxSession = "max_session"
    /// A session length such as "1m": the shortest session (default 1m).
    case minSession = "min_session"
    /// An integer: lists with more names are enforced through /etc/hosts only (default 5000).
    case hostsOnlyAbove = "hosts_only_above"
    /// An array of labels: the subdomains blocked with every domain (default www, m, mobile, app, api).
    case subdomains
    /// An integer: milliseconds allowed for resolving blocked domains (default 2000).
    case resolveTimeoutMs = "resolve_timeout_ms"
    /// An array of domains that no session may block.
    case neverBlock = "never_block"
    /// A boolean: whether root's `refocus-helper clear` may end running locked sessions (default true).
    case rootMayClearLocked = "root_may_clear_locked"
    /// A boolean: whether sessions block the well-known DNS-over-HTTPS endpoints (default true).
    case blockDoHEndpoints = "block_doh_endpoints"
    /// A boolean: whether sessions that block programs refuse them before they run (default true).
    case execPermission = "exec_permission"
    /// A table name: ReFocus's nftables table in family inet (default refocus).
    case nftablesTable = "nftables_table"
    /// An array of addresses and CIDR ranges that no session may block, beside the built-in ones.
    case neverBlockAddresses = "never_block_addresses"
    /// An integer: domains one user's active sessions may block together (default 50000).
    case maxNamesPerUser = "max_names_per_user"
    /// An integer: addresses and ranges one user's active sessions may list together (default 10000).
    case maxAddressesPerUser = "max_addresses_per_user"
    /// An integer: programs one user's active sessions may block together (default 256).
    case maxProgramsPerUser = "max_programs_per_user"
    /// An integer: domains all active sessions may block together (default 100000).
    case maxNamesPerMachine = "max_names_per_machine"
    /// An integer: addresses and ranges all active sessions may list together (default 50000).
    case maxAddressesPerMachine = "max_addresses_per_machine"
    /// An integer: programs all active sessions may block together (default 1024).
    case maxProgramsPerMachine = "max_programs_per_machine"
    /// An integer: active sessions one user may have at once (default 8).
    case maxSessionsPerUser = "max_sessions_per_user"
    /// An integer, 1 to 32: the shortest IPv4 prefix a merged range may have (default 16).
    case minPrefixIPv4 = "min_prefix_ipv4"
    /// An integer, 1 to 128: the shortest IPv6 prefix a merged range may have (default 32).
    case minPrefixIPv6 = "min_prefix_ipv6"
    /// An integer, 1 to 32: all block sessions' IPv4 ranges together may hold as many addresses as one
    /// range of this prefix length (default 10: 1/1024 of IPv4).
    case totalPrefixIPv4 = "total_prefix_ipv4"
    /// An integer, 1 to 128: the same for IPv6 (default 26).
    case totalPrefixIPv6 = "total_prefix_ipv6"
    /// An integer: names (with their subdomains) the /etc/hosts section may hold for all sessions
    /// together; beyond it lists go to the resolver module only (default 1000).
    case maxHostsNamesPerMachine = "max_hosts_names_per_machine"
    /// "refuse" or "machine": where a per-user session's names go without the resolver module (default refuse).
    case perUserFallback = "per_user_fallback"
    /// "machine" or "owner": whom a user's own session blocks (default machine).
    case userSessions = "user_sessions"
    /// "off", "session" or "leave": when browsers' own DNS over HTTPS is turned off (default session).
    case browserDoh = "browser_doh"
    /// A boolean: whether allowlist sessions restrict every user's browsers to their lists too (default false).
    case browserAllowlist = "browser_allowlist"
    /// A boolean: whether the owner of a locked session may take its emergency exit (default true).
    case emergencyExit = "emergency_exit"
    /// A length such as "15m", "0s" to "24h": how long a locked session blocks after its emergency
    /// exit is asked for (default 15m).
    case emergencyDelay = "emergency_delay"
    /// An integer, 0 to 7: emergency exits one user may take in 7 days (default 1; 0: none).
    case emergencyPerWeek = "emergency_per_week"
    /// A length such as "2m", "0s" to "24h": the shortest delay before a session's stop or pause
    /// applies (default 0s).
    case minDelay = "min_delay"
    /// A length such as "1m", "1s" to "10m": the step in which daily allowances count time on their
    /// sites (default 1m).
    case allowanceSiteStep = "allowance_site_step"
    /// Tables `[[allowance]]`: daily allowances for users (`users`, `list`, `daily`, `reset`, `entries`,
    /// `programs`), locked for them.
    case allowance

    /// The caps' keys, with the field each sets and the largest value it takes.
    public static var caps: [(key: PolicyKey, field: WritableKeyPath<SessionCaps, Int>, maximum: Int)] {
        [
            (.maxNamesPerUser, \.namesPerUser, 1_000_000), (.maxAddressesPerUser, \.addressesPerUser, 1_000_000),
            (.maxProgramsPerUser, \.programsPerUser, 4_096), (.maxNamesPerMachine, \.namesPerMachine, 1_000_000),
            (.maxAddressesPerMachine, \.addressesPerMachine, 1_000_000),
            (.maxProgramsPerMachine, \.programsPerMachine, 65_536), (.maxSessionsPerUser, \.sessionsPerUser, 1_000),
            (.minPrefixIPv4, \.minimumPrefixIPv4, 32), (.minPrefixIPv6, \.minimumPrefixIPv6, 128),
            (.totalPrefixIPv4, \.totalPrefixIPv4, 32), (.totalPrefixIPv6, \.totalPrefixIPv6, 128),
            (.maxHostsNamesPerMachine, \.hostsNamesPerMachine, 1_000_000),
        ]
    }
}
