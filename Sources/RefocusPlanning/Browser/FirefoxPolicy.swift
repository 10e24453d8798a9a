import RefocusCore

/// What ReFocus adds to Firefox's enterprise policies
/// (`/etc/firefox/policies/policies.json`, `{"policies": {...}}`): the
/// blocked hosts and paths as `WebsiteFilter.Block` match patterns, and
/// `DNSOverHTTPS` disabled and locked, so that Firefox's own DNS over HTTPS
/// cannot walk around /etc/hosts.
///
/// Patterns are WebExtension match patterns (MDN, "Match patterns"; Firefox's
/// WebsiteFilter.sys.mjs builds a `MatchPatternSet` from them): a host is
/// `*://*.reddit.com/*`, where `*.` matches the host itself and every name
/// under it; a path is `*://*.youtube.com/shorts*`, the path and below
/// (like Chromium's prefix match, `/shortsx` too). Firefox reads at most
/// 1,000 `Block` entries (`LIST_LENGTH_LIMIT` in WebsiteFilter.sys.mjs),
/// the administrator's included: `FirefoxPolicyMerge` keeps the shortest of
/// ours that fit, and the rest are left to /etc/hosts and the firewall.
/// An administrator's `Exceptions` entry is kept, and can unblock a pattern.
///
/// During allowlist sessions (`BrowserAllowlist`), `Block` also holds
/// `<all_urls>` and `Exceptions` the allowed patterns (an address as
/// `*://192.0.2.7/*`). Firefox lets any exception win over every block, so
/// an allowed pattern under which lies anyone's blocked host or path is
/// left out of `Exceptions` (`BrowserAllowlist.exceptionPatterns`): it
/// would open that block for every user of the machine.
public struct FirefoxPolicy: Sendable, Equatable {
    /// How many `WebsiteFilter.Block` entries Firefox reads.
    public static let maximumPatterns = 1_000

    /// The `Block` patterns, shortest first (then by text): the order they are kept in over the limit.
    public let patterns: [String]
    /// The `Exceptions` patterns (allowlist sessions), shortest first.
    public let exceptions: [String]
    /// Whether `DNSOverHTTPS` is turned off and locked.
    public let turnsDoHOff: Bool
    /// The pattern that blocks every URL, first in `patterns` during allowlist sessions.
    public static let everyURL = "<all_urls>"

    /// The policy blocking `hosts` and their subdomains and `paths` (a path
    /// under a blocked host is left out as covered), with DoH off or not.
    /// With `allowing`, every other URL is blocked too (`<all_urls>`).
    public init(
        hosts: some Sequence<DomainName>, paths: some Sequence<BrowserPathRule> = [BrowserPathRule](),
        allowing: BrowserAllowlist? = nil, turnsDoHOff: Bool
    ) {
        let chromium = ChromiumPolicy(hosts: hosts, paths: paths, limit: Int.max)
        // Chromium's patterns are `host` or `host/path`: the same set, uncovered paths only, in Firefox's syntax.
        let blocks = Self.shortestFirst(chromium.patterns.map(Self.pattern(chromium:)))
        patterns = allowing == nil ? blocks : [Self.everyURL] + blocks
        exceptions = Self.shortestFirst((allowing?.exceptionPatterns ?? []).map(Self.pattern(chromium:)))
        self.turnsDoHOff = turnsDoHOff
    }

    /// Whether the policy adds nothing (the administrator's file is left as it was).
    public var isEmpty: Bool { patterns.isEmpty && exceptions.isEmpty && !turnsDoHOff }

    /// Firefox's match pattern for a Chromium filter (`host`, `host/path`, an address).
    private static func pattern(chromium pattern: String) -> String {
        if BrowserAllowlist.isAddress(pattern) { return "*://\(pattern)/*" }
        guard let slash = pattern.firstIndex(of: "/") else { return "*://*.\(pattern)/*" }
        return "*://*.\(pattern[..<slash])\(pattern[slash...])*"
    }

    private static func shortestFirst(_ patterns: [String]) -> [String] {
        patterns.sorted { ($0.utf8.count, $0) < ($1.utf8.count, $1) }
    }

    /// The `DNSOverHTTPS` value ReFocus sets: disabled, and locked so the user cannot turn it on.
    public static let dohOff: [JSONMember] = [
        JSONMember(key: "Enabled", value: .bool(false)), JSONMember(key: "Locked", value: .bool(true)),
    ]
}
