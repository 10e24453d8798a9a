import RefocusCore

/// The time servers this machine's NTP daemons are configured with:
/// systemd-timesyncd's `NTP=` and `FallbackNTP=` (timesyncd.conf and its
/// drop-ins), chrony's `server`, `pool` and `peer` lines
/// (/etc/chrony/chrony.conf, conf.d/*.conf, sources.d/*.sources,
/// /etc/chrony.conf, and the DHCP servers' in /run/chrony-dhcp/*.sources), ntpd's and ntpsec's (/etc/ntp.conf,
/// /etc/ntpsec/ntp.conf), and those the DHCP leases offered. When none is
/// found, the distribution's defaults (`TimeServerConfig.distributionDefaults`),
/// which timesyncd and chrony use then. Needs no privilege; what cannot be
/// read is left out.
public enum TimeServerFiles {
    /// The servers, split into addresses and names to resolve.
    public struct Servers: Sendable, Equatable {
        /// The servers given as addresses.
        public var addresses: [IPAddress] = []
        /// The servers given as names.
        public var names: [DomainName] = []
    }

    /// The files of chrony and ntpd with server lines.
    static let daemonFiles = ["/etc/chrony/chrony.conf", "/etc/chrony.conf", "/etc/ntp.conf", "/etc/ntpsec/ntp.conf"]
    /// The folders of chrony's extra files, and the suffix of their names.
    static let daemonFolders = [
        ("/etc/chrony/conf.d", ".conf"), ("/etc/chrony/sources.d", ".sources"),
        ("/run/chrony-dhcp", ".sources"),
    ]

    /// The configured servers, with `lease`'s.
    public static func read(lease: DHCPLease) -> Servers {
        let timesyncd = SystemdConfigFiles.texts(of: "timesyncd")
        var words = ["NTP", "FallbackNTP"].flatMap { SystemdListSetting.values(of: $0, section: "Time", in: timesyncd) }
        let texts =
            daemonFiles.compactMap(SystemdConfigFiles.text)
            + daemonFolders.flatMap { SystemdConfigFiles.texts(in: $0.0, suffix: $0.1) }
        words += texts.flatMap(TimeServerConfig.servers(in:))
        var servers = Servers()
        if words.isEmpty && lease.timeServers.isEmpty { words = TimeServerConfig.distributionDefaults }
        servers.addresses = lease.timeServers
        for word in words {
            if let address = try? IPAddress(parsing: word) {
                if !servers.addresses.contains(address) { servers.addresses.append(address) }
            } else if let name = try? DomainName(validating: word), !servers.names.contains(name) {
                servers.names.append(name)
            }
        }
        return servers
    }
}
