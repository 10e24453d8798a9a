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
    public var subdomains = HostsSection.defaultSubdomains
    /// How long resolving blocked domains may take, in milliseconds (`resolve_timeout_ms`).
    public var resolveTimeoutMilliseconds = 2_000
    /// Domains that no session may block, with their subdomains (`never_block`).
    public var neverBlock: Set<DomainName> = []
    /// Whether `refocus-helper clear` may end a locked session that is still
    /// running (`root_may_clear_locked`); when not, it refuses unless forced.
    public var rootMayClearLocked = true
    /// The name of ReFocus's nftables table in family `inet` (`nftables_table`):
    /// `refocus`, or another name for a second ReFocus that shares the
    /// network namespace (a test sandbox beside an installed one).
    public var nftablesTable = standardTableName

    /// The table's name unless the policy names another.
    public static let standardTableName = "refocus"

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
    public func forbids(_ domain: DomainName) -> Bool {
        var name = Substring(domain.ascii)
        while true {
            if neverBlock.contains(where: { $0.ascii == name }) { return true }
            guard let dot = name.firstIndex(of: ".") else { return false }
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
    /// A table name: ReFocus's nftables table in family inet (default refocus).
    case nftablesTable = "nftables_table"
}
