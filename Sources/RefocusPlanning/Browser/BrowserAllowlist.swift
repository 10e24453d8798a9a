import RefocusCore

/// What allowlist sessions leave open in the browsers, as patterns in
/// Chromium's URL filter format (`ChromiumPolicy`): each allowed host
/// (itself and every name under it), each allowed path (`docs.test/api`,
/// that path and below), and each allowed single address (`192.0.2.7`,
/// `[2001:db8::7]`). The browsers then block every other URL
/// (Chromium's `URLBlocklist: ["*"]`, Firefox's `<all_urls>`).
///
/// No allowed pattern may lift anyone's blocked host or path, in either
/// browser (`BrowserBlocks`): the browsers' policies are machine-wide.
/// Chromium's `URLAllowlist` leaves out a host or path under a blocked host,
/// or under a blocked path of its own host; a blocked host or path under an
/// allowed host stays blocked there, the more specific filter. Firefox's
/// `Exceptions` win over every block, so they leave out, beyond that, every
/// pattern under which lies a blocked host or path: that host is then
/// closed in Firefox during the session, as every site off the list. A
/// path under an allowed host is left out as covered. Ranges wider than one
/// address cannot be named in the browsers' filters; they count in
/// `ranges`, and the browsers block them while the firewall lets them
/// through.
public struct BrowserAllowlist: Sendable, Equatable {
    /// The patterns for Chromium's `URLAllowlist`, sorted.
    public let patterns: [String]
    /// The patterns for Firefox's `WebsiteFilter.Exceptions`, in Chromium's
    /// format (`FirefoxPolicy` translates them), sorted.
    public let exceptionPatterns: [String]
    /// Allowed ranges wider than one address, which the browsers cannot name.
    public let ranges: Int

    /// The patterns of `allowed` that lift none of the `blocked` hosts and `blockedPaths` in each browser.
    public init(
        allowed: AllowedDestinations, blocked: some Sequence<DomainName>,
        blockedPaths: some Sequence<BrowserPathRule> = [BrowserPathRule]()
    ) {
        let blocks = BrowserBlocks(hosts: blocked, paths: blockedPaths)
        let wanted =
            allowed.domains.map { BrowserURLPattern(host: $0.ascii, path: "") }
            + allowed.paths.map { BrowserPathRule(host: $0.host, path: $0.path.text) }
            .map { BrowserURLPattern(host: $0.host.ascii, path: $0.path) }
        let addresses = allowed.addresses.filter(\.isSingleAddress).map { range in
            if case .v6 = range.address { "[\(range.address)]" } else { "\(range.address)" }
        }
        patterns = Self.patterns(wanted.filter { !blocks.liftedInChromium($0) }).union(addresses).sorted()
        exceptionPatterns = Self.patterns(wanted.filter { !blocks.liftedInFirefox($0) }).union(addresses).sorted()
        ranges = allowed.addresses.count - addresses.count
    }

    /// The hosts of `kept`, and its paths that none of those hosts covers, as Chromium's filters.
    private static func patterns(_ kept: [BrowserURLPattern]) -> Set<String> {
        let hosts = Set(kept.filter(\.path.isEmpty).map(\.host))
        let paths = kept.filter { !$0.path.isEmpty && !ChromiumPolicy.isCovered($0.host, by: hosts) }
        return hosts.union(paths.map { $0.host + $0.path })
    }

    /// Whether `pattern` names an address (`192.0.2.7`, `[2001:db8::7]`) rather than a host.
    public static func isAddress(_ pattern: some StringProtocol) -> Bool {
        pattern.hasPrefix("[") || pattern.allSatisfy { $0 == "." || $0.isASCII && $0.isNumber }
    }
}
