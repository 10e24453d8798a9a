/// What a DHCP client's lease file says about the servers this machine
/// uses: the DHCP server that granted the lease and the time servers it
/// offered. Reads both formats in use on Debian: ISC dhclient's
/// (/var/lib/dhcp/*.leases, NetworkManager's dhclient-*.lease:
/// `option dhcp-server-identifier A;`, `option dhcp6.unicast A;`,
/// `option ntp-servers A, B;`) and systemd's (systemd-networkd's
/// /run/systemd/netif/leases/*, NetworkManager's internal-*.lease:
/// `SERVER_ADDRESS=A`, `NTP=A B`). A dhclient file keeps old leases too:
/// every one counts. Pure parsing: never fails, other lines are skipped.
public struct DHCPLease: Sendable, Equatable {
    /// The DHCP servers that granted leases (for renewals sent to them directly).
    public private(set) var servers: [IPAddress] = []
    /// The time servers the leases offered.
    public private(set) var timeServers: [IPAddress] = []

    /// Parses the text of one lease file.
    public init(parsing text: String) {
        for rawLine in text.split(whereSeparator: { $0 == "\n" || $0 == "\r" }) {
            let line = rawLine.trimmingBlanks
            if let value = Self.value(of: "SERVER_ADDRESS=", in: line) {
                Self.add(value.split(separator: " "), to: &servers)
            } else if let value = Self.value(of: "NTP=", in: line) {
                Self.add(value.split(separator: " "), to: &timeServers)
            } else if let value = Self.value(of: "option dhcp-server-identifier ", in: line)
                ?? Self.value(of: "option dhcp6.unicast ", in: line)
            {
                Self.add([value.prefix { $0 != ";" }], to: &servers)
            } else if let value = Self.value(of: "option ntp-servers ", in: line) {
                Self.add(value.prefix { $0 != ";" }.split(separator: ","), to: &timeServers)
            }
        }
    }

    /// What follows `prefix` in `line`; nil when the line does not start with it.
    private static func value(of prefix: String, in line: Substring) -> Substring? {
        line.hasPrefix(prefix) ? line.dropFirst(prefix.count) : nil
    }

    /// Adds the addresses among `words` to `list`, once each.
    private static func add(_ words: [Substring], to list: inout [IPAddress]) {
        for word in words {
            guard let address = try? IPAddress(parsing: word.trimmingBlanks), !list.contains(address) else { continue }
            list.append(address)
        }
    }
}
