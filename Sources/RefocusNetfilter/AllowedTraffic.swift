import RefocusCore

/// What the table lets allowlist sessions' owners send: per owner uid, the
/// addresses they may reach, and the servers the machine itself uses, which
/// every such owner may use for that service only: the name servers on
/// port 53 (those of /etc/resolv.conf), the time servers on UDP 123 (those
/// the NTP daemons are configured with), the DHCP servers on UDP 67 and
/// DHCPv6 servers on UDP 547 (those of the leases, and `dhcpGroups`). The
/// same port to any other address could carry anything (a tunnel on port
/// 123), so it is refused like the rest. mDNS goes to its multicast groups
/// only, a fixed rule of the owners' chains.
public struct AllowedTraffic: Sendable, Equatable {
    /// What each owner may reach, by uid.
    public var owners: [UInt32: AddressIntervals]
    /// The name servers the owners may ask on port 53, UDP and TCP.
    public var nameServers: AddressIntervals
    /// The time servers the owners may ask on UDP port 123.
    public var timeServers: AddressIntervals
    /// Where the owners may send DHCP (UDP 67, IPv4) and DHCPv6 (UDP 547, IPv6) messages.
    public var dhcpServers: AddressIntervals

    /// Nothing restricted.
    public static let none = AllowedTraffic(owners: [:], nameServers: .empty)

    /// Where a DHCP client sends when it knows no server, or its server is
    /// gone: the IPv4 broadcast (DISCOVER, and REQUEST when rebinding) and
    /// All_DHCP_Relay_Agents_and_Servers, ff02::1:2 (every DHCPv6 message but
    /// those to a server that offered unicast).
    public static let dhcpGroups: [AddressRange] = [
        AddressRange(.v4(0xFFFF_FFFF)),
        AddressRange(.v6(high: 0xFF02_0000_0000_0000, low: 0x1_0002)),
    ]

    /// Traffic of `owners`, with DNS to `nameServers`, NTP to `timeServers`
    /// and DHCP to `dhcpServers` (none unless given).
    public init(
        owners: [UInt32: AddressIntervals], nameServers: AddressIntervals,
        timeServers: AddressIntervals = .empty, dhcpServers: AddressIntervals = .empty
    ) {
        self.owners = owners
        self.nameServers = nameServers
        self.timeServers = timeServers
        self.dhcpServers = dhcpServers
    }

    /// Whether no owner is restricted (then no chain, no set).
    public var isEmpty: Bool { owners.isEmpty }
}
