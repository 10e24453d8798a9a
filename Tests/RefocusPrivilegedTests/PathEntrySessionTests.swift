import RefocusTestSupport
import Testing

/// A session whose list holds a path entry: the helper accepts it, and
/// /etc/hosts, the firewall and the resolver leave its host alone.
@Suite(.enabled(if: Sandbox.isAvailable, Comment(rawValue: Sandbox.unavailableReason ?? "")))
struct PathEntrySessionTests {
    static let sandbox = Sandbox(
        dns: [Sandbox.Record("youtube.test", "192.0.2.2"), Sandbox.Record("other.test", "192.0.2.3")],
        peerAddresses: ["192.0.2.2", "192.0.2.3"])

    @Test func aPathEntryWritesNoHostsLineForItsHost() throws {
        let run = try Self.sandbox.run(
            """
            export XDG_CONFIG_HOME="$WORK/config" REFOCUS_HELPER="$BIN/refocus-helper"
            cp /etc/hosts "$WORK/hosts.before"
            "$BIN/refocus" list add clips youtube.test/shorts other.test > /dev/null
            "$BIN/refocus" start --list clips 5m
            echo "youtube lines: $(grep -c 'youtube\\.test' /etc/hosts)"
            echo "other lines: $(grep -c "other\\.test" /etc/hosts)"
            echo "youtube: $(connect 192.0.2.2)"
            echo "other: $(connect 192.0.2.3)"
            "$BIN/refocus" stop > /dev/null
            cmp /etc/hosts "$WORK/hosts.before" && echo "hosts identical"
            """)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("Blocking 2 entries and 0 programs: #1 clips until"), "\(run.stdout)")
        #expect(run.stdout.contains("youtube lines: 0"), "\(run.stdout)")
        #expect(!run.stdout.contains("other lines: 0"), "\(run.stdout)")
        #expect(run.stdout.contains("youtube: connected"), "the firewall leaves the path's host alone: \(run.stdout)")
        #expect(run.stdout.contains("other: refused"), "\(run.stdout)")
        #expect(run.stdout.contains("hosts identical"))
    }
}

/// Path entries as a group member could send them to the helper by hand,
/// through the real sudo, bypassing the CLI's own checks: every one with
/// bytes that could break out of the browser policy's JSON (a quote, a
/// newline), a query, a space, an over-long path, a public suffix as host
/// or a host under the policy's never_block is refused with status 65 and
/// changes nothing: no session, no hosts section, no browser policy file.
/// Entries that only need normalising (`..`, a trailing slash, upper case
/// in the host) are accepted in their canonical form, as domains are.
@Suite(.enabled(if: Sandbox.isAvailable, Comment(rawValue: Sandbox.unavailableReason ?? "")))
struct PathEntryProbeTests {
    @Test func aMemberCannotSendAPathEntryTheCLIWouldRefuse() throws {
        let long = String(repeating: "a", count: 1_001)
        let refused = [
            #"video.test/a\"b"#, #"video.test/a\nb"#, "video.test/a?b=1", "video.test/a b",
            "video.test/\(long)", "co.uk/x", "corp.test/x",
        ]
        let normalised = ["video.test/a/../b", "video.test/c/", "VIDEO.test/d"]
        let run = try Sandbox(network: false).run(
            MemberProbeSetUp.script + #"""
                mkdir -p /etc/refocus; printf 'never_block = ["corp.test"]\n' >> /etc/refocus/policy.toml
                mkdir -p /etc/chromium/policies/managed
                cp /etc/hosts "$WORK/hosts.before"
                probes=0
                probe() {
                  status=0; probes=$((probes + 1))
                  raw_start ann "{\"version\":1,\"verb\":\"start\",\"start\":{\"lists\":[{\"name\":\"clips$probes\",\"entries\":[\"$1\"],\"programs\":[]}],\"length\":3600,\"locked\":false}}" > /dev/null 2>&1 || status=$?
                  echo "status $status"
                }

                """# + refused.map { "probe '\($0)'\n" }.joined() + #"""
                    echo "sessions: $("$B/refocus" status --json | python3 -c 'import json, sys; print(len(json.load(sys.stdin)["sessions"]))')"
                    cmp -s /etc/hosts "$WORK/hosts.before" && echo "hosts identical"
                    echo "policy files: $(ls /etc/chromium/policies/managed | wc -l)"

                    """# + normalised.map { "probe '\($0)'\n" }.joined() + #"""
                    python3 -c 'import json; print("policy:", sorted(json.load(open("/etc/chromium/policies/managed/refocus.json"))["URLBlocklist"]))'
                    """#)
        #expect(run.status == 0, "\(run.stderr)")
        let statuses = run.stdout.split(separator: "\n").filter { $0.hasPrefix("status ") }
        #expect(statuses.count == refused.count + normalised.count, "\(run.stdout)")
        #expect(statuses.prefix(refused.count).allSatisfy { $0 == "status 65" }, "\(run.stdout)")
        #expect(statuses.suffix(normalised.count).allSatisfy { $0 == "status 0" }, "\(run.stdout)")
        for fact in [
            "sessions: 0", "hosts identical", "policy files: 0",
            "policy: ['video.test/b', 'video.test/c', 'video.test/d']",
        ] {
            #expect(run.stdout.contains(fact + "\n"), "\(fact): \(run.stdout)")
        }
    }
}
