import RefocusCore

/// Blocked domains that look like a real block list's, for the benchmarks
/// whose cost grows with the names: `track123456.adnetwork4711.net`, host
/// names spread over some 20,000 sites under several top-level domains,
/// 20 to 35 characters long, all different.
enum BenchDomains {
    private static let hosts = ["ads", "cdn", "host", "track", "metrics", "static", "img"]
    private static let sites = [
        "example-site", "adnetwork", "tracker-cloud", "media-stats", "shop-online", "newsportal",
    ]
    private static let tops = ["com", "net", "org", "io", "de", "co.uk", "fr", "info"]

    /// The first `count` of them, in canonical form. Made from text known
    /// to be valid (`DomainName(stored:)`: syntax checked, no public suffix
    /// list), so that a million take about a second.
    static func make(_ count: Int) throws -> [DomainName] {
        try (0..<count).map { index in
            try DomainName(
                stored: "\(hosts[index % hosts.count])\(index).\(sites[index / 7 % sites.count])"
                    + "\(index % 20_011).\(tops[index % tops.count])")
        }
    }
}
