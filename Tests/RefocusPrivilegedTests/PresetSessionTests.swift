import Foundation
import RefocusTestSupport
import Testing

/// Presets and labels end to end, as a member of the group through the real
/// sudo: `refocus preset save morning --list social --list news 2h --lock &&
/// refocus start morning` starts that session; a built-in preset starts
/// with a length given on the command line; the label is in status,
/// status.json and history.
@Suite(.enabled(if: SudoTools.unavailableReason == nil, Comment(rawValue: SudoTools.unavailableReason ?? "")))
struct PresetSessionTests {
    @Test func aSavedPresetStartsItsSessionAndALabelIsShown() throws {
        let run = try Sandbox().run(
            MemberProbeSetUp.script + #"""
                as_user ann sh -c '"$0" preset save morning --list social --list news 2h --lock > /dev/null && "$0" start morning' "$B/refocus"
                as_user ann "$B/refocus" status --json | python3 -c '
                import json, sys, datetime, time
                s = json.load(sys.stdin)["sessions"][0]
                left = datetime.datetime.fromisoformat(s["plannedEnd"].replace("Z", "+00:00")).timestamp() - time.time()
                print("morning:", s["lists"], s["locked"], 7100 < left <= 7200)'
                as_user ann "$B/refocus" stop 2> /dev/null || echo "stop refused: $?"
                as_user bob "$B/refocus" start quick 10m --label "chapter 3" > "$WORK/out"
                cat "$WORK/out"
                as_user bob "$B/refocus" status | grep 'for chapter 3'
                python3 -c 'import json; print("status.json label:", [s.get("label") for s in json.load(open("/run/refocus/status.json"))["sessions"]])'
                as_user bob "$B/refocus" stop > /dev/null
                as_user bob "$B/refocus" history --json | python3 -c 'import json, sys; print("history label:", json.load(sys.stdin)[0]["label"])'
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        for fact in [
            "Blocking ", ": #1 news, social until ", "morning: ['news', 'social'] True True\n", "stop refused: 77\n",
            ": #2 social for chapter 3 until ", "status.json label: [None, 'chapter 3']\n",
            "history label: chapter 3\n",
        ] {
            #expect(run.stdout.contains(fact), "\(fact): \(run.stdout)")
        }
        #expect(run.stdout.contains(" left, locked)\n"), "\(run.stdout)")
    }
}
