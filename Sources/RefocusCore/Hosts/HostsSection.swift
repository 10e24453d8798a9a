/// The body of the `refocus` section of /etc/hosts: every blocked domain and
/// its common subdomains mapped to `0.0.0.0` and `::`.
///
/// The output is sorted by name and deterministic, so that reconciling the
/// same sessions twice writes the same bytes.
public enum HostsSection {
    /// The name of the managed section: `# BEGIN refocus` … `# END refocus`.
    public static let sectionName = "refocus"

    /// The subdomains added to every blocked domain unless configured otherwise.
    public static let defaultSubdomains = ["www", "m", "mobile", "app", "api"]

    /// The section's lines for `domains`, each expanded with `subdomains`.
    ///
    /// A domain whose first label is itself one of the subdomains
    /// (`www.example.com`) is not expanded again. Subdomains that are not
    /// valid labels are ignored; validate them where they are configured
    /// with `isValidSubdomain`.
    public static func body(domains: some Sequence<DomainName>, subdomains: [String] = defaultSubdomains) -> [String] {
        let prefixes = subdomains.filter(isValidSubdomain)
        let prefixSet = Set(prefixes.map { Substring($0) })
        var names: [String] = []
        names.reserveCapacity(domains.underestimatedCount * (prefixes.count + 1))
        for domain in domains {
            names.append(domain.ascii)
            guard let first = domain.labels.first, !prefixSet.contains(first) else { continue }
            for prefix in prefixes where prefix.utf8.count + 1 + domain.ascii.utf8.count <= DomainName.maximumLength {
                names.append(prefix + "." + domain.ascii)
            }
        }
        // One sort of ASCII names by their bytes, then adjacent duplicates dropped.
        names.sort { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        var body: [String] = []
        body.reserveCapacity(names.count * 2)
        var previous: String?
        for name in names where name != previous {
            body.append("0.0.0.0 " + name)
            body.append(":: " + name)
            previous = name
        }
        return body
    }

    /// Whether `label` can prefix a domain: 1–63 lower-case letters, digits
    /// or hyphens, not starting or ending with a hyphen.
    public static func isValidSubdomain(_ label: String) -> Bool {
        let bytes = Array(label.utf8)
        guard let first = bytes.first, let last = bytes.last, bytes.count <= DomainName.maximumLabelLength,
              first != UInt8(ascii: "-"), last != UInt8(ascii: "-")
        else { return false }
        return bytes.allSatisfy {
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
                || $0 == UInt8(ascii: "-")
        }
    }
}
