import RefocusCore

/// Every session's blocked hosts and paths in the browsers, indexed by
/// host, to tell which allowed pattern of an allowlist session would lift
/// one of them in each browser, which must never happen: the browsers'
/// policies are machine-wide, so that would open another member's block
/// (or the owner's own locked one) for everyone.
///
/// A pattern covers a host with every name under it, and a path prefix
/// (empty: every path; `/shorts` also covers `/shortsx`, as both browsers
/// match paths as prefixes). Two patterns overlap when one's host is the
/// other's or under it, and one's path is a prefix of the other's.
///
/// - Chromium lets the most specific filter decide a URL that both match
///   (the longer host, then the longer path; an allowlist filter wins a
///   tie), so an allowed pattern lifts a block it overlaps when its host is
///   under the block's, or is the same and its path at least as long.
/// - Firefox lets any `WebsiteFilter` exception win over every block, so an
///   exception lifts every block it overlaps, a path under its host included.
struct BrowserBlocks {
    /// The blocked paths of each blocked host ("" for the whole host).
    private var atHost: [String: Set<String>] = [:]
    /// The blocked paths of the hosts strictly under each name, by that name.
    private var belowHost: [String: Set<String>] = [:]

    /// The index of `hosts` (whole hosts) and `paths`.
    init(hosts: some Sequence<DomainName>, paths: some Sequence<BrowserPathRule>) {
        for host in hosts { add(host.ascii, path: "") }
        for rule in paths { add(rule.host.ascii, path: rule.path) }
    }

    private mutating func add(_ host: String, path: String) {
        atHost[host, default: []].insert(path)
        for parent in Self.parents(of: host) { belowHost[parent, default: []].insert(path) }
    }

    /// Whether Chromium, given `pattern` as an allowlist filter, would open a URL one of the blocks covers.
    func liftedInChromium(_ pattern: BrowserURLPattern) -> Bool {
        // At its own host, a block with a path no longer than the pattern's; above it, any that overlaps.
        atHost[pattern.host]?.contains { blocked in pattern.path.hasPrefix(blocked) } == true
            || Self.parents(of: pattern.host).contains { parent in Self.overlap(pattern.path, atHost[parent]) }
    }

    /// Whether Firefox, given `pattern` as an exception, would open a URL one of the blocks covers.
    func liftedInFirefox(_ pattern: BrowserURLPattern) -> Bool {
        ([pattern.host] + Self.parents(of: pattern.host)).contains { host in Self.overlap(pattern.path, atHost[host]) }
            || Self.overlap(pattern.path, belowHost[pattern.host])
    }

    /// Whether `path` and one of `paths` cover a path in common (one is a prefix of the other).
    private static func overlap(_ path: String, _ paths: Set<String>?) -> Bool {
        paths?.contains { blocked in path.hasPrefix(blocked) || blocked.hasPrefix(path) } == true
    }

    /// The names `host` is under, nearest first (`a.b.test`: `b.test`, `test`).
    private static func parents(of host: String) -> [String] {
        var parents: [String] = []
        var name = Substring(host)
        while let dot = name.firstIndex(of: ".") {
            name = name[name.index(after: dot)...]
            parents.append(String(name))
        }
        return parents
    }
}
