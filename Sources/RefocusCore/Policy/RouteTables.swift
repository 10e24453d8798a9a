/// The default gateways in the kernel's route tables as /proc prints them
/// (`/proc/net/route`, `/proc/net/ipv6_route`): addresses no session may
/// block, or the machine loses its way out for everyone. Pure parsing; the
/// system layer reads the files.
public enum RouteTables {
    /// The gateways of IPv4 default routes (destination and mask 0) in the
    /// text of /proc/net/route, whose addresses are the kernel's 32-bit
    /// values in network byte order printed as host-order hex.
    public static func ipv4Gateways(_ text: String) -> [IPAddress] {
        text.split(separator: "\n").dropFirst().compactMap { line in
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard fields.count >= 8, fields[1] == "00000000", fields[7] == "00000000",
                let raw = UInt32(fields[2], radix: 16), raw != 0
            else { return nil }
            return .v4(UInt32(bigEndian: raw))
        }
    }

    /// The next hops of IPv6 default routes (destination ::/0) in the text
    /// of /proc/net/ipv6_route, whose addresses are 32 hex digits in
    /// network byte order.
    public static func ipv6Gateways(_ text: String) -> [IPAddress] {
        text.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 5, fields[0] == String(repeating: "0", count: 32), fields[1] == "00",
                let next = hexAddress(fields[4]), next != .v6(high: 0, low: 0)
            else { return nil }
            return next
        }
    }

    private static func hexAddress(_ text: Substring) -> IPAddress? {
        guard text.utf8.count == 32, let high = UInt64(text.prefix(16), radix: 16),
            let low = UInt64(text.suffix(16), radix: 16)
        else { return nil }
        return .v6(high: high, low: low)
    }
}
