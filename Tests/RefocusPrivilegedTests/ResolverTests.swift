import Foundation
import RefocusTestSupport
import Testing

/// `refocus resolve` against dnsmasq in a private network namespace: it asks
/// the name servers directly, whatever /etc/hosts says, under one deadline.
@Suite(.enabled(if: Sandbox.isAvailable, Comment(rawValue: Sandbox.unavailableReason ?? "")))
struct ResolverTests {
    /// The JSON that `refocus resolve --json` prints.
    struct Report: Decodable {
        struct Row: Decodable {
            let name: String
            let ipv4: [String]
            let ipv6: [String]
            let ttl: UInt32?
            let failure: String?
        }
        let source: String
        let servers: [String]
        let names: [Row]

        /// The row of `name`.
        func row(_ name: String) throws -> Row { try #require(names.first { $0.name == name }) }
    }

    /// dnsmasq answering A and AAAA for `both.test`, A for `v4.test` (and no
    /// data for its AAAA), NXDOMAIN for any other name under `.test`.
    static let records = [
        Sandbox.Record("both.test", "192.0.2.1"), Sandbox.Record("both.test", "2001:db8::1"),
        Sandbox.Record("both.test", "192.0.2.3"), Sandbox.Record("v4.test", "192.0.2.2"),
    ]
    /// Without an upstream, dnsmasq refuses what it has no record for;
    /// `--local` makes it answer NXDOMAIN or no data instead.
    static let localOnly = "--local=/test/"

    /// The script's output from the first `{` on, decoded.
    static func report(_ run: Binary.Run) throws -> Report {
        let json = try #require(run.stdout.firstIndex(of: "{").map { run.stdout[$0...] }, "no JSON in: \(run.stdout)")
        return try JSONDecoder().decode(Report.self, from: Data(json.utf8))
    }

    @Test func asksTheServerNotEtcHosts() throws {
        let sandbox = Sandbox(dns: Self.records, dnsmasqOptions: [Self.localOnly])
        let run = try sandbox.run(
            """
            printf '0.0.0.0 both.test v4.test\\n:: both.test v4.test\\n' >> /etc/hosts
            getent ahosts both.test >&2
            "$BIN/refocus" resolve both.test v4.test --json
            """)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("0.0.0.0"), "the system resolver reads /etc/hosts: \(run.stderr)")
        let report = try Self.report(run)
        #expect(report.servers == ["127.0.0.1"])
        #expect(report.source == "/etc/resolv.conf")
        let both = try report.row("both.test")
        #expect(both.ipv4 == ["192.0.2.1", "192.0.2.3"])
        #expect(both.ipv6 == ["2001:db8::1"])
        #expect(both.failure == nil)
        let v4 = try report.row("v4.test")
        #expect(v4.ipv4 == ["192.0.2.2"] && v4.ipv6.isEmpty && v4.failure == nil)
    }

    @Test func theAnswersTimeToLiveIsTheShortest() throws {
        let sandbox = Sandbox(dns: Self.records, dnsmasqOptions: [Self.localOnly, "--local-ttl=123"])
        let run = try sandbox.run(#""$BIN/refocus" resolve both.test nosuch.test --json"#)
        #expect(run.status == 0, "\(run.stderr)")
        let report = try Self.report(run)
        #expect(try report.row("both.test").ttl == 123, "dnsmasq gives its own records --local-ttl")
        #expect(try report.row("nosuch.test").ttl == nil, "no address, no time to live")
    }

    @Test func unknownNameFailsWithoutAddresses() throws {
        let sandbox = Sandbox(dns: Self.records, dnsmasqOptions: [Self.localOnly])
        let run = try sandbox.run(#""$BIN/refocus" resolve nosuch.test v4.test --json"#)
        #expect(run.status == 0, "NXDOMAIN is an answer, not an incomplete result: \(run.stderr)")
        let unknown = try Self.report(run).row("nosuch.test")
        #expect(unknown.failure == "not-found")
        #expect(unknown.ipv4.isEmpty && unknown.ipv6.isEmpty)
    }

    @Test func silentServerTimesOutWithinTheDeadline() throws {
        // 127.0.0.2 is on lo, but nftables drops what arrives for it: no
        // answer and no ICMP refusal, so the queries really time out.
        let sandbox = Sandbox(dns: Self.records)
        let run = try sandbox.run(
            """
            echo 'nameserver 127.0.0.2' > /etc/resolv.conf
            nft add table inet blackhole
            nft add chain inet blackhole in '{ type filter hook input priority 0; }'
            nft add rule inet blackhole in ip daddr 127.0.0.2 drop
            start=$(date +%s%N)
            status=0
            "$BIN/refocus" resolve both.test v4.test nosuch.test --timeout 1 --json || status=$?
            echo "elapsed_ms=$(( ($(date +%s%N) - start) / 1000000 )) status=$status" >&2
            """)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("status=75"), "timeouts exit with 75 (try again): \(run.stderr)")
        let report = try Self.report(run)
        #expect(report.names.map(\.failure) == ["timed-out", "timed-out", "timed-out"])
        let elapsed = try #require(run.stderr.firstMatch(of: /elapsed_ms=(\d+)/).flatMap { Int($0.1) })
        #expect(elapsed >= 1000 && elapsed < 1500, "took \(elapsed) ms for a 1 s deadline")
    }

    @Test func prefersSystemdUpstreamsAndSkipsTheStub() throws {
        let sandbox = Sandbox(dns: Self.records, dnsmasqOptions: [Self.localOnly])
        let run = try sandbox.run(
            """
            echo 'nameserver 127.0.0.53' > /etc/resolv.conf
            status=0
            "$BIN/refocus" resolve v4.test || status=$?
            echo "stub-only status=$status" >&2
            mkdir -p /run/systemd/resolve
            printf '# upstreams\\nnameserver 127.0.0.53\\nnameserver 127.0.0.1\\n' > /run/systemd/resolve/resolv.conf
            "$BIN/refocus" resolve v4.test --json
            """)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("stub-only status=78"), "\(run.stderr)")
        #expect(run.stderr.contains("no upstream name server in /etc/resolv.conf"))
        #expect(run.stderr.contains("127.0.0.53"))
        let report = try Self.report(run)
        #expect(report.source == "/run/systemd/resolve/resolv.conf")
        #expect(report.servers == ["127.0.0.1"])
        #expect(try report.row("v4.test").ipv4 == ["192.0.2.2"])
    }

    @Test func resolvesTwoThousandNames() throws {
        let sandbox = Sandbox(dns: Self.records, dnsmasqOptions: [Self.localOnly, "--address=/bulk.test/192.0.2.9"])
        let run = try sandbox.run(
            """
            for i in $(seq 2000); do echo "name$i.bulk.test"; done > "$WORK/names"
            "$BIN/refocus" resolve - --json < "$WORK/names"
            """)
        #expect(run.status == 0, "\(run.stderr)")
        let report = try Self.report(run)
        #expect(report.names.count == 2000)
        #expect(report.names.allSatisfy { $0.ipv4 == ["192.0.2.9"] && $0.failure == nil })
        #expect(Set(report.names.map(\.name)) == Set((1...2000).map { "name\($0).bulk.test" }))
    }
}
