import RefocusCore

/// The managed policy file that ReFocus writes for Chromium-family browsers
/// (`refocus.json`): `URLBlocklist` with the blocked hosts and paths, and
/// `DnsOverHttpsMode: "off"`, so that a browser's own DNS over HTTPS cannot
/// walk around /etc/hosts (Brave, unlike Chromium, keeps DoH on beside other
/// machine policies unless told).
///
/// Patterns follow Chromium's "URL Blocklist filter format"
/// (chromium.org/administrators/url-blocklist-filter-format, also
/// Microsoft's "Filter format for URL list-based policies" for Edge):
/// `[scheme://][.]host[:port][/path][@query]`. Without a scheme the filter
/// matches every scheme; a host without a leading `.` matches the host and
/// every subdomain (a leading `.` would match the host only); a path matches
/// as a prefix. So a blocked host is written as itself (`reddit.com`), and a
/// blocked path as `host/path` (`youtube.com/shorts`).
///
/// Chromium's URLBlocklist policy is limited to 1,000 entries, later ones
/// being ignored (its policy description; Edge's says the same). Over the
/// limit the shortest patterns are kept (a short host pattern usually
/// covers most), and `leftOut` counts the rest: hosts among them are still
/// blocked by /etc/hosts, the resolver module and the firewall; paths are not.
///
/// During allowlist sessions (`BrowserAllowlist`), `URLBlocklist` also
/// holds `*`, every URL, and `URLAllowlist` the allowed patterns: Chromium
/// lets the most specific filter decide (the longer host, then the longer
/// path; an allowlist filter wins a tie), so a blocked path under an
/// allowed host stays blocked. `URLAllowlist` has the same 1,000-entry limit.
///
/// The bytes are deterministic: keys and patterns sorted, two-space
/// indentation, a final newline; the same rules give the same bytes.
public struct ChromiumPolicy: Sendable, Equatable {
    /// The file's name in each managed policy folder.
    public static let fileName = "refocus.json"
    /// How many `URLBlocklist` entries Chromium reads.
    public static let maximumPatterns = 1_000

    /// The `URLBlocklist` patterns, sorted.
    public let patterns: [String]
    /// How many patterns were left out over `maximumPatterns`.
    public let leftOut: Int
    /// Whether the file sets `DnsOverHttpsMode: "off"`.
    public let turnsDoHOff: Bool
    /// The `URLAllowlist` patterns, sorted; nil without an allowlist session.
    public let allowPatterns: [String]?
    /// How many allowlist patterns were left out over `maximumPatterns`.
    public let allowLeftOut: Int

    /// The policy blocking `hosts` and their subdomains, and `paths` (a path
    /// under a blocked host, or under one of its parents, is left out as
    /// already covered); at most `limit` patterns, the shortest.
    /// With `allowing`, every other URL is blocked too (`*`).
    public init(
        hosts: some Sequence<DomainName>, paths: some Sequence<BrowserPathRule> = [BrowserPathRule](),
        allowing: BrowserAllowlist? = nil, limit: Int = maximumPatterns, turnsDoHOff: Bool = true
    ) {
        self.turnsDoHOff = turnsDoHOff
        let hostNames = Set(hosts.map(\.ascii))
        let uncovered = Set(paths).filter { !Self.isCovered($0.host.ascii, by: hostNames) }
        let all = hostNames.union(uncovered.map(Self.pattern(path:))).union(allowing == nil ? [] : ["*"])
        (patterns, leftOut) = Self.shortest(all, limit: limit)
        if let allowing {
            (allowPatterns, allowLeftOut) = Self.shortest(Set(allowing.patterns), limit: limit)
        } else {
            (allowPatterns, allowLeftOut) = (nil, 0)
        }
    }

    /// At most `limit` of `all`, the shortest, sorted; and how many were left out.
    private static func shortest(_ all: Set<String>, limit: Int) -> ([String], Int) {
        let kept =
            all.count <= limit
            ? Array(all)
            : Array(all.sorted { ($0.utf8.count, $0) < ($1.utf8.count, $1) }.prefix(max(0, limit)))
        return (kept.sorted(), all.count - kept.count)
    }

    /// Whether the policy neither blocks nor turns DoH off (no file is written then).
    public var isEmpty: Bool { patterns.isEmpty && !turnsDoHOff }

    /// The pattern that blocks `host` and every name under it, on every scheme and port.
    public static func pattern(host: DomainName) -> String { host.ascii }

    /// The pattern that blocks `rule`'s path and below, on its host and every name under it.
    public static func pattern(path rule: BrowserPathRule) -> String { rule.description }

    /// The file's bytes: a JSON object with `DnsOverHttpsMode` (unless
    /// left), `URLAllowlist` (during allowlist sessions) and `URLBlocklist`.
    public var bytes: [UInt8] {
        var text = "{\n" + (turnsDoHOff ? "  \"DnsOverHttpsMode\": \"off\",\n" : "")
        if let allowPatterns { text += Self.array("URLAllowlist", allowPatterns) + ",\n" }
        text += Self.array("URLBlocklist", patterns) + "\n}\n"
        return Array(text.utf8)
    }

    /// `  "key": [...]`, one pattern per line.
    private static func array(_ key: String, _ patterns: [String]) -> String {
        "  \"\(key)\": ["
            + (patterns.isEmpty
                ? "" : "\n" + patterns.map { "    " + JSONString.quoted($0) }.joined(separator: ",\n") + "\n  ")
            + "]"
    }

    /// Whether `host` is one of `hosts` or under one of them.
    static func isCovered(_ host: String, by hosts: Set<String>) -> Bool {
        var name = Substring(host)
        while true {
            if hosts.contains(String(name)) { return true }
            guard let dot = name.firstIndex(of: ".") else { return false }
            name = name[name.index(after: dot)...]
        }
    }
}
