import CNetfilter

/// A service that allowlist owners may use with the servers the machine
/// itself uses only (`AllowedTraffic`): its name (that of its sets,
/// `allow<name>4` and `allow<name>6`), its protocols and its port per
/// family. Pure description.
struct AllowedService: Equatable, Sendable {
    /// `dns`, `ntp`, `dhcp`.
    let name: String
    /// The layer-4 protocols allowed (`IPPROTO_UDP`, `IPPROTO_TCP`).
    let protocols: [Int32]
    /// The destination port over IPv4.
    let ipv4Port: UInt16
    /// The destination port over IPv6.
    let ipv6Port: UInt16

    /// The port over `family`.
    func port(for family: AddressFamily) -> UInt16 { family == .ipv4 ? ipv4Port : ipv6Port }

    /// DNS to the name servers, over UDP and TCP.
    static let dns = AllowedService(
        name: "dns", protocols: [Int32(IPPROTO_UDP), Int32(IPPROTO_TCP)], ipv4Port: 53, ipv6Port: 53)
    /// NTP to the time servers.
    static let ntp = AllowedService(name: "ntp", protocols: [Int32(IPPROTO_UDP)], ipv4Port: 123, ipv6Port: 123)
    /// DHCP (IPv4, port 67) and DHCPv6 (port 547) to the DHCP servers and groups.
    static let dhcp = AllowedService(name: "dhcp", protocols: [Int32(IPPROTO_UDP)], ipv4Port: 67, ipv6Port: 547)
    /// Every service, in table order.
    static let all = [dns, ntp, dhcp]
}
