import RefocusTestSupport
import Testing

/// The must-show flow with the built-in `social` list, as a user
/// would type it: a one-minute session blocks reddit.com in /etc/hosts
/// (192.0.2.1 for IPv4, `100::1` for IPv6) and
/// in the firewall, and after the minute a reconcile lifts both, leaving
/// /etc/hosts byte-identical. dnsmasq answers every name with a peer's
/// address, so each of the list's real domains resolves without the internet.
@Suite(.enabled(if: Sandbox.isAvailable, Comment(rawValue: Sandbox.unavailableReason ?? "")))
struct BuiltinListSessionTests {
    static let sandbox = Sandbox(
        dns: [Sandbox.Record("reddit.com", "192.0.2.2")],
        peerAddresses: ["192.0.2.2", "192.0.2.3"],
        dnsmasqOptions: ["--address=/#/192.0.2.2"])

    @Test func socialForOneMinuteBlocksThenLiftsEverything() throws {
        let run = try Self.sandbox.run(
            """
            export XDG_CONFIG_HOME="$WORK/config" REFOCUS_HELPER="$BIN/refocus-helper"
            cp /etc/hosts "$WORK/hosts.before"
            echo "resolves before: $(getent hosts reddit.com | awk '{print $1}')"
            "$BIN/refocus" start --list social 1m
            started=$(date +%s)
            echo "reddit: $(getent ahostsv4 reddit.com | awk 'NR == 1 {print $1}')"
            echo "www.reddit: $(getent ahostsv4 www.reddit.com | awk 'NR == 1 {print $1}')"
            echo "reddit v6: $(getent hosts reddit.com | awk '{print $1}')"
            echo "blocked: $(connect 192.0.2.2)"
            echo "other: $(connect 192.0.2.3)"
            nft list table inet refocus > "$WORK/table"
            awk '/set v4net [{]/,/^.}/' "$WORK/table" | grep -o 'elements = [{][^}]*[}]' | sed 's/^/v4net /'
            awk '/set v6 [{]/,/^.}/' "$WORK/table" | grep -o 'elements = [{][^}]*[}]' | sed 's/^/v6 /'
            awk '/set hits4 [{]/,/^.}/' "$WORK/table" | grep -o 'elements = [{][^}]*' | sed 's/^/hits4 /'
            grep -o 'reject with tcp reset' "$WORK/table" | head -1
            grep -o 'reject with icmpx admin-prohibited' "$WORK/table" | head -1
            sleep $(( 61 - ($(date +%s) - started) ))
            "$BIN/refocus-helper" reconcile > /dev/null
            cmp /etc/hosts "$WORK/hosts.before" && echo "hosts identical"
            nft list table inet refocus > /dev/null 2>&1 || echo "no table"
            echo "reddit after: $(getent hosts reddit.com | awk '{print $1}')"
            echo "after: $(connect 192.0.2.2)"
            """)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("resolves before: 192.0.2.2"), "\(run.stdout)")
        #expect(run.stdout.contains("#1 social until"), "\(run.stdout)")
        #expect(run.stdout.contains("reddit: 192.0.2.1"), "\(run.stdout)")
        #expect(run.stdout.contains("www.reddit: 192.0.2.1"), "\(run.stdout)")
        // `getent hosts` asks for IPv6 first, so it shows the `100::1` line.
        #expect(run.stdout.contains("reddit v6: 100::1\n"), "\(run.stdout)")
        #expect(run.stdout.contains("blocked: refused"), "\(run.stdout)")
        #expect(run.stdout.contains("other: connected"), "\(run.stdout)")
        // The resolved address and the sinkhole 192.0.2.1 beside it merge into one range; the IPv6
        // sinkhole stands alone. The block sets have no counter; the hits set counts the one refused
        // connection attempt.
        #expect(run.stdout.contains("v4net elements = { 192.0.2.1-192.0.2.2 }\n"), "\(run.stdout)")
        #expect(run.stdout.contains("v6 elements = { 100::1 }\n"), "\(run.stdout)")
        #expect(run.stdout.contains("hits4 elements = { 192.0.2.2 counter packets 1 bytes"), "\(run.stdout)")
        #expect(run.stdout.contains("reject with tcp reset"), "\(run.stdout)")
        #expect(run.stdout.contains("reject with icmpx admin-prohibited"), "\(run.stdout)")
        #expect(run.stdout.contains("hosts identical"), "\(run.stdout)")
        #expect(run.stdout.contains("no table"), "\(run.stdout)")
        #expect(run.stdout.contains("reddit after: 192.0.2.2"), "\(run.stdout)")
        #expect(run.stdout.contains("after: connected"), "\(run.stdout)")
    }
}
