import RefocusTestSupport
import Testing

/// The sandbox itself: real isolation, or every privileged test is worthless.
@Suite(.enabled(if: Sandbox.isAvailable, Comment(rawValue: Sandbox.unavailableReason ?? "")))
struct SandboxTests {
    /// A sandbox in the machine's network namespace leaves no table behind,
    /// even when its script ends during a session (the daemon dead, the
    /// table orphaned but persistent), with or without a PID namespace.
    @Test(arguments: [true, false])
    func aSandboxInTheMachinesNetworkLeavesNoTable(privatePIDs: Bool) throws {
        let run = try Sandbox(network: false, privatePIDs: privatePIDs).run(
            MemberProbeSetUp.script + #"""
                as_user ann "$B/refocus" list add s left-behind.test > /dev/null
                as_user ann "$B/refocus" start --list s 10m > /dev/null
                nft list table inet "$REFOCUS_TABLE" > /dev/null && echo "table: $REFOCUS_TABLE"
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        let table = try #require(
            run.stdout.split(separator: "\n").first { $0.hasPrefix("table: ") }?.dropFirst("table: ".count),
            "the session made a table: \(run.stdout)")
        let after = try Binary.execute("/usr/sbin/nft", ["list", "table", "inet", String(table)])
        #expect(after.status != 0, "table inet \(table) is gone from the machine's ruleset: \(after.stdout)")
    }

    @Test func isolatesEtcNetworkAndDNS() throws {
        let before = try Binary.execute("/bin/cat", ["/etc/hosts"]).stdout
        let sandbox = Sandbox(
            dns: [Sandbox.Record("site.test", "192.0.2.2")], peerAddresses: ["192.0.2.2", "192.0.2.3"])
        let run = try sandbox.run(
            """
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
