import RefocusTestSupport
import Testing

/// A schedule with `allowance` (issue 33's schedules with an allowance per
/// day), through the real sudo and the daemon, in the initial network and
/// PID namespaces where the process connector works: in the window the
/// administrator's program list is ann's for 3 s; her first run ends on its
/// own, her second is stopped once the 3 s are used and a third is refused,
/// while bob's run of the same program is neither counted nor touched.
/// `refocus status` shows her the allowance, set by the administrator, and
/// root's report shows its use.
@Suite(.enabled(if: Sandbox.isAvailable, Comment(rawValue: Sandbox.unavailableReason ?? "")))
struct ScheduleAllowanceSudoTests {
    @Test func aSchedulesAllowanceIsUsedThenBlocksForItsUserAlone() throws {
        let run = try Sandbox(network: false, privatePIDs: false).run(
            DailyAllowanceSudoTests.setUp + #"""
                install -d -m 755 /etc/refocus/lists /etc/refocus/schedules.d
                printf '%s\n' "$victim" > /etc/refocus/lists/video.programs
                # A window from now for 10 minutes, longer than the test.
                printf '[[schedule]]\nname = "evenings"\nusers = ["ann"]\nlists = ["video"]\nstart = "* * * * *"\nlength = "10m"\nallowance = "3s"\n' \
                  > /etc/refocus/schedules.d/family.toml
                "$B/refocus-helper" reconcile > /dev/null
                three_runs
                as_user ann "$B/refocus" status | grep -i "video" | sed 's/until [0-9:]*/until HH:MM/' || true
                echo "bob's status: $(as_user bob "$B/refocus" status | grep -ci video || true)"
                "$B/refocus-helper" report --since 1h --json | python3 -c 'import json, sys; r = json.load(sys.stdin); print("report:", [(u["name"], a["list"], a.get("dailySeconds"), a["usedSeconds"] >= 3) for u in r["users"] for a in u["allowances"]])'
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        for fact in [
            "first run: ended on its own", "third run: refused", "bob's run survives", "bob's status: 0",
            "report: [('ann', 'video', 3, True)]",
        ] {
            #expect(run.stdout.contains(fact + "\n"), "\(fact): \(run.stdout)")
        }
        #expect(
            run.stdout.contains("second run: 143\n") || run.stdout.contains("second run: 137\n"),
            "stopped once 3 s are used: \(run.stdout)")
        #expect(run.stdout.contains("set by the administrator"), "\(run.stdout)")
    }
}
