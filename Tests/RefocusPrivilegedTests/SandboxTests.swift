import RefocusTestSupport
import Testing

/// The sandbox itself: real isolation, or every privileged test is worthless.
@Suite(.enabled(if: Sandbox.isAvailable, Comment(rawValue: Sandbox.unavailableReason ?? "")))
struct SandboxTests {
    @Test func isolatesEtcNetworkAndDNS() throws {
        let before = try Binary.execute("/bin/cat", ["/etc/hosts"]).stdout
        let sandbox = Sandbox(dns: [Sandbox.Record("site.test", "192.0.2.2")], peerAddresses: ["192.0.2.2", "192.0.2.3"])
        let run = try sandbox.run("""
            echo '0.0.0.0 changed.test' >> /etc/hosts
            getent hosts changed.test
            getent ahostsv4 site.test | head -1
            connect 192.0.2.3
            connect 192.0.2.3 9
            nft add table inet sandbox-probe
            nft list tables
            ls -A /var/lib /run
            """)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("0.0.0.0         changed.test"))
        #expect(run.stdout.contains("192.0.2.2       STREAM site.test"))
        #expect(run.stdout.contains("connected\nrefused\n"))
        #expect(run.stdout.contains("table inet sandbox-probe"))
        #expect(try Binary.execute("/bin/cat", ["/etc/hosts"]).stdout == before, "the real /etc/hosts is untouched")
        #expect(try Binary.execute("/usr/sbin/nft", ["list", "tables"]).stdout.contains("sandbox-probe") == false)
    }
}
