import Foundation
import RefocusTestSupport
import Testing

/// The advice to restart Firefox, which reads its policies only as it
/// starts: `refocus start` and `refocus status` give it for a Firefox of the
/// user's that was running before the session wrote its policy, and not
/// for one started after it, nor for another user's. The "Firefox" is a copy
/// of sleep named `firefox-esr` (the name is what is looked at), and
/// Firefox's install probe is faked as in `FirefoxPolicySessionTests`.
@Suite(.serialized) struct BrowserRestartAdviceTests {
    static let advice =
        "Firefox is running: the browser rules apply from its next start; hosts and the firewall block now"

    @Test func aFirefoxStartedBeforeTheSessionIsToldToRestart() throws {
        let run = try Sandbox(network: false).run(
            MemberProbeSetUp.script + FirefoxPolicySessionTests.fakeFirefox + #"""
                install -d -m 755 "$WORK/ff" && cp /bin/sleep "$WORK/ff/firefox-esr"
                as_user bob "$WORK/ff/firefox-esr" 300 &
                as_user ann "$B/refocus" list add v video.test > /dev/null
                as_user ann "$B/refocus" start --list v 10m 2> "$WORK/start.err" > /dev/null
                echo "start, bob's firefox: $(grep -c 'Firefox is running' "$WORK/start.err")"
                as_user ann "$B/refocus" stop > /dev/null
                as_user ann "$WORK/ff/firefox-esr" 300 &
                sleep 0.1
                as_user ann "$B/refocus" start --list v 10m 2> "$WORK/start.err" > /dev/null
                echo "start, ann's firefox before:"; cat "$WORK/start.err"
                as_user ann "$B/refocus" status | grep -c 'Firefox is running' | sed 's/^/status before: /'
                as_user ann "$B/refocus" stop > /dev/null
                pkill -f "$WORK/ff/firefox-esr" || true
                sleep 0.1
                as_user ann "$B/refocus" start --list v 10m > /dev/null
                as_user ann "$WORK/ff/firefox-esr" 300 &
                sleep 0.1
                as_user ann "$B/refocus" status | grep -c 'Firefox is running' | sed 's/^/status after: /' || true
                as_user ann "$B/refocus" stop > /dev/null
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("start, bob's firefox: 0\n"), "another user's Firefox is not ann's: \(run.stdout)")
        #expect(run.stdout.contains("start, ann's firefox before:\nrefocus: \(Self.advice)\n"), "\(run.stdout)")
        #expect(run.stdout.contains("status before: 1\n"), "\(run.stdout)")
        #expect(run.stdout.contains("status after: 0\n"), "a Firefox started after the policy has it: \(run.stdout)")
    }
}
