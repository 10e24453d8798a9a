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
        let run = try Self.sandbox.run("""
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
