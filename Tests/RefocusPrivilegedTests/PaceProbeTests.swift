import RefocusTestSupport
import Testing

/// `refocus next`, `pause` and `resume` probed through the real sudo by
/// the two people of the threat model: the owner of a locked pomodoro
/// session trying to escape it (pause it, skip its work phase, stop it,
/// start the same lists without the plan, or send a pause by hand), and
/// another member trying to pause, skip or resume someone else's session.
/// Every attempt is refused and the block stays whole; pausing a second,
/// unlocked session of the same lists lifts nothing the locked one blocks.
@Suite(.enabled(if: SudoTools.unavailableReason == nil, Comment(rawValue: SudoTools.unavailableReason ?? "")))
struct PaceProbeTests {
    @Test func neitherTheOwnerOfALockNorAnotherMemberCanLiftIt() throws {
        let sandbox = Sandbox(dns: [Sandbox.Record("social.test", "192.0.2.2")], peerAddresses: ["192.0.2.2"])
        let run = try sandbox.run(
            MemberProbeSetUp.script + #"""
                pace() {  # pace USER CHANGE [ID]: a pace request sent by hand; prints the exit status and the code
                  local status=0
                  printf '{"version":1,"verb":"pace","pace":{"change":"%s"%s}}' "$2" "${3:+,\"sessionID\":$3}" \
                    | as_user "$1" sudo -n "$B/refocus-helper" pace > "$WORK/answer" || status=$?
                  echo "$1 $2${3:+ $3}: $status $(grep -o '"code":"[a-z-]*"' "$WORK/answer")"
                }
                as_user ann "$B/refocus" list add focus social.test > /dev/null
                as_user ann "$B/refocus" start --list focus --pomodoro 25/5 --cycles 2 --lock > /dev/null
                section > "$WORK/section.before"
                pace ann pause
                pace ann pause 1
                pace ann next
                pace bob pause 1
                pace bob next 1
                pace bob resume 1
                pace bob pause
                status=0; as_user ann "$B/refocus" stop 2> /dev/null || status=$?; echo "ann stop: $status"
                as_user ann "$B/refocus" start --list focus 1m > /dev/null && echo "ann started the lists again without the plan"
                status=0; as_user ann "$B/refocus" pause 2> "$WORK/err" || status=$?; echo "ann refocus pause: $status $(cat "$WORK/err")"
                section > "$WORK/section.after"
                cmp -s "$WORK/section.before" "$WORK/section.after" && echo "section unchanged: $(wc -l < "$WORK/section.after") lines"
                echo "social.test: $(connect 192.0.2.2)"
                python3 -c 'import json; [print("session", s["id"], s.get("phase", {}).get("kind"), "paused" if "pausedAt" in s.get("pause", {}) else "running") for s in json.load(open("/run/refocus/status.json"))["sessions"]]'
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        for line in [
            "ann pause: 77 \"code\":\"session-locked\"", "ann pause 1: 77 \"code\":\"session-locked\"",
            "ann next: 77 \"code\":\"session-locked\"",
            "bob pause 1: 66 \"code\":\"not-found\"", "bob next 1: 66 \"code\":\"not-found\"",
            "bob resume 1: 66 \"code\":\"not-found\"", "bob pause: 66 \"code\":\"not-found\"",
            "ann stop: 77", "social.test: refused", "session 1 work running",
        ] {
            #expect(run.stdout.contains(line), "\(line): \(run.stdout)")
        }
        // The plain session of the same lists is ann's to pause; the locked one still blocks them.
        #expect(
            run.stdout.contains("Session 2 paused") && run.stdout.contains("session 2 None paused"), "\(run.stdout)")
        #expect(run.stdout.contains("section unchanged: "), "\(run.stdout)")
    }
}
