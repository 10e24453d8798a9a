import RefocusTestSupport
import Testing

/// `refocus history` end to end: a session started and stopped for real, in
/// fresh namespaces, is history with the outcome "stopped".
@Suite(.enabled(if: Sandbox.isAvailable, Comment(rawValue: Sandbox.unavailableReason ?? "")))
struct HistoryTests {
    @Test func aStoppedSessionIsHistory() throws {
        let run = try Sandbox().run(
            #"""
            export XDG_CONFIG_HOME="$WORK/config" REFOCUS_HELPER="$BIN/refocus-helper"
            "$BIN/refocus" list add focus social.test > /dev/null
            "$BIN/refocus" history
            "$BIN/refocus" start --list focus 5m > /dev/null
            echo "while active: $("$BIN/refocus" history --json | tr -d ' \n')"
            "$BIN/refocus" stop > /dev/null
            "$BIN/refocus" history
            "$BIN/refocus" history --json > "$WORK/history.json"
            python3 -c 'import json, sys
            rows = json.load(open(sys.argv[1]))
            for row in rows: print("row:", row["id"], row["lists"], row["outcome"], row["owner"], row["plannedSeconds"], row["seconds"] <= 5)
            ' "$WORK/history.json"
            "$BIN/refocus" history --since 2999-01-01
            "$BIN/refocus" history --since 1h --limit 1 | wc -l
            """#)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("No ended session.\n"), "\(run.stdout)")
        #expect(run.stdout.contains("while active: []"), "an active session is not history: \(run.stdout)")
        #expect(run.stdout.contains("#1 focus: "), "\(run.stdout)")
        #expect(run.stdout.contains(" of 5m, stopped\n"), "\(run.stdout)")
        #expect(run.stdout.contains("row: 1 ['focus'] stopped 0 300 True\n"), "\(run.stdout)")
        #expect(run.stdout.contains("No ended session since 2999-01-01.\n"))
        #expect(run.stdout.hasSuffix("1\n"), "--since and --limit pass through the helper: \(run.stdout)")
    }
}
