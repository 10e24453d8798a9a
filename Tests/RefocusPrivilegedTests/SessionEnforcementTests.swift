import RefocusTestSupport
import Testing

/// `refocus start` to `refocus stop` for real: /etc/hosts through getent,
/// the firewall through TCP connections, in fresh namespaces.
@Suite(.enabled(if: Sandbox.isAvailable, Comment(rawValue: Sandbox.unavailableReason ?? "")))
struct SessionEnforcementTests {
    static let sandbox = Sandbox(
        dns: [Sandbox.Record("social.test", "192.0.2.2"), Sandbox.Record("www.social.test", "192.0.2.2")],
        peerAddresses: ["192.0.2.2", "192.0.2.3"])

    static let setUp = """
        export XDG_CONFIG_HOME="$WORK/config" REFOCUS_HELPER="$BIN/refocus-helper"
        cp /etc/hosts "$WORK/hosts.before"
        "$BIN/refocus" list add focus social.test 198.51.100.7 > /dev/null
        """

    @Test func startBlocksAndStopRestoresEveryByte() throws {
        let run = try Self.sandbox.run(
            Self.setUp + """

                echo "before: $(connect 192.0.2.2)"
                "$BIN/refocus" start --list focus 5m
                echo "hosts: $(getent hosts social.test www.social.test m.social.test | awk '{print $1}' | sort -u | tr '\\n' ' ')"
                echo "blocked: $(connect 192.0.2.2)"
                echo "other: $(connect 192.0.2.3)"
                nft list table inet refocus | grep -o 'elements = { [^}]*}' | tr '\\n' ' '; echo
                "$BIN/refocus" status
                "$BIN/refocus" start --list focus 10m > /dev/null
                echo "sessions: $("$BIN/refocus" status --json | grep -c '"id"')"
                "$BIN/refocus" stop
                cmp /etc/hosts "$WORK/hosts.before" && echo "hosts identical"
                nft list table inet refocus > /dev/null 2>&1 || echo "no table"
                echo "after: $(connect 192.0.2.2)"
                """)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("before: connected"))
        #expect(run.stdout.contains("Blocking 2 entries and 0 programs: #1 focus until"))
        #expect(run.stdout.contains("hosts: "), "\(run.stdout)")
        let hosts = run.stdout.split(separator: "\n").first { $0.hasPrefix("hosts: ") } ?? ""
        #expect(!hosts.contains("192.0.2.2"), "getent must not see the real address: \(run.stdout)")
        #expect(run.stdout.contains("blocked: refused"))
        #expect(run.stdout.contains("other: connected"))
        #expect(run.stdout.contains("192.0.2.2"), "the resolved address is in the firewall set")
        #expect(run.stdout.contains("198.51.100.7"), "the listed address is in the firewall set")
        #expect(run.stdout.contains("sessions: 1"), "starting the same list again extends, not duplicates")
        #expect(run.stdout.contains("Stopped #1 focus"))
        #expect(run.stdout.contains("hosts identical"))
        #expect(run.stdout.contains("no table"))
        #expect(run.stdout.contains("after: connected"))
    }

    @Test func expiryLiftsEverythingAtTheNextReconcile() throws {
        let run = try Self.sandbox.run(
            Self.setUp + """

                mkdir -p /etc/refocus && printf 'min_session = "1s"\\n' > /etc/refocus/policy.toml
                "$BIN/refocus" start --list focus 2s > /dev/null
                grep -c 'social.test' /etc/hosts
                sleep 2.5
                "$BIN/refocus-helper" reconcile > /dev/null
                cmp /etc/hosts "$WORK/hosts.before" && echo "hosts identical"
                nft list table inet refocus > /dev/null 2>&1 || echo "no table"
                SUDO_UID=0 "$BIN/refocus-helper" history <<< '{"version":1,"verb":"history","history":{"limit":5}}'
                """)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("hosts identical"))
        #expect(run.stdout.contains("no table"))
        #expect(run.stdout.contains(#""outcome":"completed""#))
    }

    @Test func hostileRequestsAreRefusedAndChangeNothing() throws {
        let requests = [
            #"{"version":1,"verb":"start","start":{"lists":[{"name":"../../etc/passwd","entries":[],"programs":[]}],"length":60,"locked":false}}"#,
            #"{"version":1,"verb":"start","start":{"lists":[{"name":"x","entries":["evil.test\n0.0.0.0 bank.test"],"programs":[]}],"length":60,"locked":false}}"#,
            #"{"version":1,"verb":"start","start":{"lists":[{"name":"x","entries":["a.test"],"programs":[]}],"length":-60,"locked":false}}"#,
            #"{"version":1,"verb":"start","start":{"lists":[{"name":"x","entries":["a.test"],"programs":[]}],"length":60,"locked":false,"owner":0}}"#,
            #"{"version":1,"verb":"start","start":{"lists":[{"name":"x","entries":["a.test"],"programs":[]}],"length":999999,"locked":false}}"#,
        ]
        let script = requests.enumerated().map { index, request in
            "printf '%s' '\(request)' | \"$BIN/refocus-helper\" start > \"$WORK/answer\(index)\" || echo \"refused \(index): $?\""
        }.joined(separator: "\n")
        let run = try Self.sandbox.run(
            """
            cp /etc/hosts "$WORK/hosts.before"
            \(script)
            head -c 70000000 /dev/zero | "$BIN/refocus-helper" start > "$WORK/answer-big" || echo "refused big: $?"
            cat "$WORK"/answer*
            cmp /etc/hosts "$WORK/hosts.before" && echo "hosts identical"
            nft list table inet refocus > /dev/null 2>&1 || echo "no table"
            """)
        #expect(run.status == 0, "\(run.stderr)")
        for index in requests.indices {
            #expect(run.stdout.contains("refused \(index): 65"), "request \(index): \(run.stdout)")
        }
        #expect(run.stdout.contains("refused big: 65"))
        #expect(run.stdout.contains(#""code":"request-too-large""#))
        #expect(run.stdout.contains(#""code":"length-out-of-bounds""#))
        #expect(run.stdout.contains("hosts identical"))
        #expect(run.stdout.contains("no table"))
    }
}
