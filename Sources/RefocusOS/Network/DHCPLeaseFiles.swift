import RefocusCore

/// The lease files of the DHCP clients Debian ships, read together: ISC
/// dhclient's (/var/lib/dhcp/*.leases), NetworkManager's (dhclient-*.lease
/// and internal-*.lease in /var/lib/NetworkManager) and systemd-networkd's
/// (/run/systemd/netif/leases/*). Root or the network daemons write them.
/// dhcpcd's binary leases are not read. Needs no privilege; what cannot be
/// read is left out.
public enum DHCPLeaseFiles {
    /// The folders and the suffix of their lease files' names.
    static let folders = [
        ("/var/lib/dhcp", ".leases"), ("/var/lib/NetworkManager", ".lease"),
        ("/run/systemd/netif/leases", ""),
    ]

    /// What every lease file says, as one lease.
    public static func read() -> DHCPLease {
        let texts = folders.flatMap { SystemdConfigFiles.texts(in: $0.0, suffix: $0.1) }
        return DHCPLease(parsing: texts.joined(separator: "\n"))
    }
}
