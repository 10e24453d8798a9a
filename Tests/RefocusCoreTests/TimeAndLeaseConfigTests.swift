import RefocusCore
import Testing

/// The servers an allowlist owner may use for NTP and DHCP, as the
/// configuration and lease files name them: chrony's and ntpd's server
/// lines, ISC dhclient's and systemd's lease formats.
@Suite struct TimeAndLeaseConfigTests {
    @Test func serverPoolAndPeerLinesNameTimeServers() {
        let chrony = """
            # Use Debian vendor zone.
            pool 2.debian.pool.ntp.org iburst
            server 192.0.2.123 iburst prefer
            ! server commented.example
            peer ntp.peer.test
            sourcedir /run/chrony-dhcp
            server
            pool 2.debian.pool.ntp.org
            """
        #expect(TimeServerConfig.servers(in: chrony) == ["2.debian.pool.ntp.org", "192.0.2.123", "ntp.peer.test"])
    }

    @Test func dhclientLeasesGiveEveryServerAndTheTimeServersOffered() throws {
        let text = """
            lease {
              interface "eth0";
              fixed-address 192.0.2.50;
              option dhcp-server-identifier 192.0.2.1;
              option ntp-servers 192.0.2.123, 192.0.2.124;
            }
            lease {
              option dhcp-server-identifier 192.0.2.2;
            }
            lease6 {
              option dhcp6.unicast 2001:db8::1;
            }
            """
        let lease = DHCPLease(parsing: text)
        #expect(lease.servers == (try ["192.0.2.1", "192.0.2.2", "2001:db8::1"].map { try IPAddress(parsing: $0) }))
        #expect(lease.timeServers == (try ["192.0.2.123", "192.0.2.124"].map { try IPAddress(parsing: $0) }))
    }

    @Test func systemdLeasesGiveTheServerAddressAndNTP() throws {
        let text =
            "# This is private data. Do not parse.\nADDRESS=192.0.2.50\nSERVER_ADDRESS=192.0.2.1\nROUTER=192.0.2.1\nNTP=192.0.2.123 192.0.2.124\nDNS=192.0.2.53\n"
        let lease = DHCPLease(parsing: text)
        #expect(lease.servers == [try IPAddress(parsing: "192.0.2.1")])
        #expect(lease.timeServers == (try ["192.0.2.123", "192.0.2.124"].map { try IPAddress(parsing: $0) }))
    }

    @Test func garbageGivesNothing() {
        let lease = DHCPLease(
            parsing: "option dhcp-server-identifier nonsense;\nSERVER_ADDRESS=\nNTP=pool.example\n\u{0}")
        #expect(lease.servers.isEmpty && lease.timeServers.isEmpty)
    }
}
