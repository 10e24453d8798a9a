/// The well-known DNS-over-HTTPS endpoints, kept current in this one file:
/// the names every session blocks like a listed domain, and the providers'
/// published anycast addresses, which the firewall refuses on ports 443
/// and 853 only (TCP and UDP), never on 53, so that a machine whose
/// resolver is 8.8.8.8 or 1.1.1.1 keeps resolving. Policy key
/// `block_doh_endpoints = false` turns both off.
///
/// Sources (the providers' own pages):
/// - Google: https://developers.google.com/speed/public-dns/docs/using
/// - Cloudflare: https://developers.cloudflare.com/1.1.1.1/ip-addresses/
/// - Quad9: https://quad9.net/service/service-addresses-and-features/
/// - OpenDNS: https://support.opendns.com/hc/en-us/articles/360038086532
/// - AdGuard: https://adguard-dns.io/kb/general/dns-providers/
/// - CleanBrowsing: https://cleanbrowsing.org/support/troubleshooting/firewall-dns-requirements
///   (its Security Filter, the one doh.cleanbrowsing.org/doh/security-filter serves)
/// NextDNS publishes no fixed anycast address (each profile has its own), so
/// only its name is listed.
public enum DoHEndpoints {
    /// The endpoints' names; their subdomains are blocked with them.
    public static var names: [DomainName] {
        nameTexts.compactMap { try? DomainName(validating: $0) }
    }

    /// The endpoints' published anycast addresses.
    public static var addresses: [AddressRange] {
        addressTexts.compactMap { try? AddressRange(parsing: $0) }
    }

    /// The ports refused on the endpoints' addresses: HTTPS (and QUIC) and DNS over TLS/QUIC.
    public static let ports: [UInt16] = [443, 853]

    // Covered by a test that parses every line.
    static let nameTexts = [
        "dns.google", "dns.google.com",
        "cloudflare-dns.com", "mozilla.cloudflare-dns.com", "chrome.cloudflare-dns.com", "one.one.one.one",
        "1dot1dot1dot1.cloudflare-dns.com", "security.cloudflare-dns.com", "family.cloudflare-dns.com",
        "dns.quad9.net", "dns9.quad9.net", "dns10.quad9.net", "dns11.quad9.net",
        "doh.opendns.com", "doh.familyshield.opendns.com",
        "dns.nextdns.io",
        "doh.cleanbrowsing.org",
        "dns.adguard-dns.com", "unfiltered.adguard-dns.com", "family.adguard-dns.com",
    ]

    static let addressTexts = [
        // Google Public DNS
        "8.8.8.8", "8.8.4.4", "2001:4860:4860::8888", "2001:4860:4860::8844",
        // Cloudflare 1.1.1.1, for Families (1.1.1.2/3)
        "1.1.1.1", "1.0.0.1", "2606:4700:4700::1111", "2606:4700:4700::1001",
        "1.1.1.2", "1.0.0.2", "2606:4700:4700::1112", "2606:4700:4700::1002",
        "1.1.1.3", "1.0.0.3", "2606:4700:4700::1113", "2606:4700:4700::1003",
        // Quad9
        "9.9.9.9", "149.112.112.112", "2620:fe::fe", "2620:fe::9",
        "9.9.9.10", "149.112.112.10", "2620:fe::10", "2620:fe::fe:10",
        "9.9.9.11", "149.112.112.11", "2620:fe::11", "2620:fe::fe:11",
        // OpenDNS
        "208.67.222.222", "208.67.220.220", "2620:119:35::35", "2620:119:53::53",
        "208.67.222.123", "208.67.220.123",
        // AdGuard DNS
        "94.140.14.14", "94.140.15.15", "2a10:50c0::ad1:ff", "2a10:50c0::ad2:ff",
        "94.140.14.140", "94.140.14.141", "2a10:50c0::1:ff", "2a10:50c0::2:ff",
        "94.140.14.15", "94.140.15.16", "2a10:50c0::bad1:ff", "2a10:50c0::bad2:ff",
        // CleanBrowsing (Security, Adult and Family Filters)
        "185.228.168.9", "185.228.169.9", "185.228.168.10", "185.228.169.11", "185.228.168.168", "185.228.169.168",
    ]
}
