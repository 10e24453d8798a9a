/// What allowlist sessions leave open in the browsers, as patterns in
/// Chromium's URL filter format (`ChromiumPolicy`): each allowed host
/// (itself and every name under it), each allowed path (`docs.test/api`,
/// that path and below), and each allowed single address (`192.0.2.7`,
/// `[2001:db8::7]`). The browsers then block every other URL
/// (Chromium's `URLBlocklist: ["*"]`, Firefox's `<all_urls>`).
///
/// A host or path under a blocked host is left out: an address must be
/// allowed and not blocked, in the browsers as in the firewall. A path under
/// an allowed host is left out as covered. Ranges wider than one address
/// cannot be named in the browsers' filters; they count in `ranges`, and
/// the browsers block them while the firewall lets them through.
public struct BrowserAllowlist: Sendable, Equatable {
    /// The patterns, sorted.
    public let patterns: [String]
    /// Allowed ranges wider than one address, which the browsers cannot name.
    public let ranges: Int

    /// The patterns of `allowed` that no host of `blocked` covers.
    public init(allowed: AllowedDestinations, blocked: some Sequence<DomainName>) {
        let blockedNames = Set(blocked.map(\.ascii))
        let hosts = Set(allowed.domains.map(\.ascii)).filter { !ChromiumPolicy.isCovered($0, by: blockedNames) }
        let paths = allowed.paths.map { BrowserPathRule(host: $0.host, path: $0.path.text) }.filter {
            !ChromiumPolicy.isCovered($0.host.ascii, by: blockedNames) && !ChromiumPolicy.isCovered($0.host.ascii, by: hosts)
        }
        let addresses = allowed.addresses.filter(\.isSingleAddress).map { range in
            if case .v6 = range.address { "[\(range.address)]" } else { "\(range.address)" }
        }
        patterns = hosts.union(paths.map(ChromiumPolicy.pattern(path:))).union(addresses).sorted()
        ranges = allowed.addresses.count - addresses.count
    }

    /// Whether `pattern` names an address (`192.0.2.7`, `[2001:db8::7]`) rather than a host.
    public static func isAddress(_ pattern: some StringProtocol) -> Bool {
        pattern.hasPrefix("[") || pattern.allSatisfy { $0 == "." || $0.isASCII && $0.isNumber }
    }
}
