import RefocusCore

/// The addresses that the /etc/hosts section maps blocked names to: ones
/// that reach nothing. `192.0.2.1` is in TEST-NET-1 (RFC 5737, for
/// documentation, never routed) and `100::1` in the discard-only prefix
/// 100::/64 (RFC 6666). Unlike `0.0.0.0` and `::`, which Linux delivers to
/// local listeners, a connection to them never reaches a service of this
/// machine: the firewall rejects both whenever the section is in force
/// (TCP with a reset, so a browser fails at once), and where no table can
/// be made, unreachable routes make connecting fail at once.
public enum Sinkhole {
    /// The IPv4 address: 192.0.2.1.
    public static let ipv4 = IPAddress.v4(0xC000_0201)
    /// The IPv6 address: 100::1.
    public static let ipv6 = IPAddress.v6(high: 0x0100_0000_0000_0000, low: 1)
    /// Both, as ranges for the firewall.
    public static let ranges: Set<AddressRange> = [AddressRange(ipv4), AddressRange(ipv6)]
}
