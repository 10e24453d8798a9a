import RefocusTestSupport
import Testing

/// A daily allowance the administrator sets in the policy (`[[allowance]]`),
/// through the real sudo, in the initial network and PID namespaces where
/// the process connector works: the daemon counts ann's runs of the
/// policy's program and blocks it once the day's allowance is used, bob's
/// run of the same program is neither counted nor touched, and ann can
/// neither change nor remove it (status 77, naming the policy) while her
/// own allowances of other lists go on as before. `refocus allow-daily`
/// shows it as set by the administrator.
@Suite(.enabled(if: Sandbox.isAvailable, Comment(rawValue: Sandbox.unavailableReason ?? "")))
struct AdministeredAllowanceSudoTests {
    @Test func thePolicysAllowanceBindsItsUserWhoCannotLoosenIt() throws {
        let run = try Sandbox(network: false, privatePIDs: false).run(
            DailyAllowanceSudoTests.setUp + #"""
                printf '\n[[allowance]]\nusers = ["ann", "no-such-user"]\nlist = "video"\ndaily = "3s"\nprograms = ["%s"]\n' \
                  "$victim" >> /etc/refocus/policy.toml
                own="rf-o$RANDOM$RANDOM"; another_program /bin/sleep "$WORK/$own"; chmod 755 "$WORK/$own"
                "$B/refocus-helper" reconcile > /dev/null
                administered() {
                  python3 -c 'import json, sys; a = json.load(open(sys.argv[1])); [print("allowance:", x["list"], x["dailySeconds"], x.get("setByAdministrator", "-")) for x in a.get("allowances", [])]' "$WORK/answer.json"
                }
                echo "show: $(allowance ann '{"action":"show","lists":[]}')"
                administered
                three_runs
                video='[{"name":"video","entries":[],"programs":["'"$victim"'"]}]'
                echo "raise: $(allowance ann '{"action":"set","lists":'"$video"',"daily":600}')"
                answered
                echo "remove: $(allowance ann '{"action":"remove","lists":'"$video"'}')"
                answered
                echo "own: $(allowance ann '{"action":"set","lists":[{"name":"games","entries":[],"programs":["'"$own"'"]}],"daily":600}')"
                administered
                echo "bob's show: $(allowance bob '{"action":"show","lists":[]}')"
                administered
                echo "bob's end"
                as_user ann "$B/refocus" allow-daily | sed 's/until [0-9:]*/until HH:MM/; s/at [0-9:]*/at HH:MM/'
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("show: 0\nallowance: video 3 True\n"), "no such user is skipped: \(run.stdout)")
        #expect(run.stdout.contains("first run: ended on its own\n"), "\(run.stdout)")
        #expect(
            run.stdout.contains("second run: 143\n") || run.stdout.contains("second run: 137\n"),
            "stopped once 3 s are used: \(run.stdout)")
        #expect(run.stdout.contains("third run: refused\n"), "\(run.stdout)")
        #expect(run.stdout.contains("bob's run survives\n"), "\(run.stdout)")
        let refusal =
            "error: session-locked the administrator set the daily allowance of 'video' for you; "
            + "only they change it (/etc/refocus/policy.toml)"
        #expect(run.stdout.contains("raise: 77\n\(refusal)\n"), "\(run.stdout)")
        #expect(run.stdout.contains("remove: 77\n\(refusal)\n"), "\(run.stdout)")
        #expect(
            run.stdout.contains("own: 0\nallowance: video 3 True\nallowance: games 600 -\n"),
            "her own allowances go on: \(run.stdout)")
        #expect(run.stdout.contains("bob's show: 0\nbob's end\n"), "bob has none: \(run.stdout)")
        #expect(
            run.stdout.contains("video: spent (3s a day), blocked until HH:MM, set by the administrator\n"),
            "\(run.stdout)")
    }
}
