import Foundation
import RefocusTestSupport
import Testing

/// Issue 31's emergency exit and loosening that waits, probed through the
/// real sudo as the owner would send them (the helper's JSON by hand, as
/// the CLI does), against the real daemon, /etc/hosts (`getent`) and the
/// table (a TCP connection), with the delays shortened to 6 s.
@Suite(.enabled(if: SudoTools.unavailableReason == nil, Comment(rawValue: SudoTools.unavailableReason ?? "")))
struct EmergencyExitTests {
    static let sandbox = Sandbox(dns: [Sandbox.Record("social.test", "192.0.2.2")], peerAddresses: ["192.0.2.2"])

    /// A locked session's emergency exit: accepted, the block still in force right after, gone
    /// after the delay; history keeps the outcome and the reason; a second exit in the same week
    /// is refused with the date the next is possible; another member cannot take, withdraw or read
    /// it; the daemon killed during the wait and brought back keeps it.
    @Test func theEmergencyExitWaitsItsDelayAndIsAllowedOnceAWeek() throws {
        let run = try Self.sandbox.run(
            PendingChangeSetUp.script + #"""
                printf 'emergency_delay = "6s"\n' > /etc/refocus/policy.toml
                echo "start: $(ask ann start "$(social 600 true)")"
                echo "plain stop: $(ask ann stop '{}') $(said)"
                echo "bob's exit: $(ask bob stop '{"sessionID":1,"emergency":"not mine"}') $(said)"
                echo "exit: $(ask ann stop '{"emergency":"the doctor called"}') $(pending)"
                asked=$(date +%s)
                echo "right after: $(resolves)"
                echo "bob's withdrawal: $(ask bob stop '{"sessionID":1,"cancel":true}') $(said)"
                echo "exit again: $(ask ann stop '{"emergency":"again"}') $(pending)"
                echo "history now: $(ask ann history '{"limit":5}') $(pending)"
                # The daemon killed during the wait (its pid is in its lock file), then brought back.
                daemon=$(tr -d ' \n' < /run/refocus/daemon.lock)
                [ "$(cat "/proc/$daemon/comm")" = refocus-helper ] && kill -9 "$daemon" && echo "daemon killed"
                while kill -0 "$daemon" 2> /dev/null; do sleep 0.01; done
                echo '{"version":1,"verb":"status"}' | as_user ann sudo -n "$B/refocus-helper" status > /dev/null && echo "status answered"
                echo "after the restart: $(resolves)"
                sleep 7
                echo "after the delay: $(resolves)"
                echo "history: $(ask ann history '{"limit":5}') $(pending)"
                echo "bob's history: $(ask bob history '{"limit":5}') $(pending)"
                echo "second start: $(ask ann start "$(social 600 true)")"
                echo "second exit: $(ask ann stop '{"emergency":"once more"}') $(said)"
                echo "expected: the next is possible on $(TZ=UTC date -d "@$((asked + 7 * 86400))" '+%Y-%m-%d %H:%M')"
                echo "still blocked: $(resolves)"
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        for line in [
            "start: 0\n",
            "plain stop: 77 session 1 (social) is locked until it ends, in ",
            "; it cannot be stopped; an emergency exit is possible: refocus stop --emergency\n",
            "bob's exit: 66 you have no active session 1; see 'refocus status'\n",
            "exit: 0 1 emergency None None\n",
            "right after: 192.0.2.1 refused\n",
            "bob's withdrawal: 66 you have no active session 1; see 'refocus status'\n",
            "exit again: 0 1 emergency None None\n",
            "history now: 0 \n",
            "after the delay: 192.0.2.2 connected\n",
            "daemon killed\nstatus answered\nafter the restart: 192.0.2.1 refused\n",
            "history: 0 1 None emergency the doctor called\n", "bob's history: 0 \n",
            "second start: 0\n",
            "still blocked: 192.0.2.1 refused\n",
        ] {
            #expect(run.stdout.contains(line), "\(line): \(run.stdout)")
        }
        let expected = try #require(
            run.stdout.split(separator: "\n").first { $0.hasPrefix("expected: ") }?.dropFirst("expected: ".count))
        #expect(
            run.stdout.contains(
                "second exit: 77 you have taken 1 emergency exit in the last 7 days (the policy allows 1); \(expected)\n"
            ),
            "\(run.stdout)")
    }

    /// A session with a 6 s delay (long enough for a loaded machine to send two requests within
    /// it): its stop waits (the block stays), stopping again does not reset the wait, a
    /// withdrawal keeps the session; a pause waits too and the daemon applies it.
    @Test func aStopAndAPauseWaitForTheSessionsDelay() throws {
        let run = try Self.sandbox.run(
            PendingChangeSetUp.script + #"""
                echo "start: $(ask ann start "$(social 600 false 6)")"
                echo "stop: $(ask ann stop '{}') $(pending)"
                echo "right after: $(resolves)"
                sleep 1.5
                echo "stop again: $(ask ann stop '{}') $(python3 -c 'import sys; print("the wait was not reset" if float(sys.argv[1]) < 4.75 else "the wait was reset: " + sys.argv[1])' "$(left_to_wait)")"
                echo "withdrawn: $(ask ann stop '{"cancel":true}') $(pending)"
                echo "withdrawn again: $(ask ann stop '{"cancel":true}') $(said)"
                sleep 6
                echo "kept: $(resolves)"
                echo "pause: $(ask ann pace '{"change":"pause"}') $(pending)"
                echo "pausing: $(resolves)"
                sleep 7
                python3 -c 'import json; [print("status file:", s["id"], "paused" if "pausedAt" in s.get("pause", {}) else "running", s.get("pending")) for s in json.load(open("/run/refocus/status.json"))["sessions"]]'
                echo "paused: $(resolves)"
                echo "resume: $(ask ann pace '{"change":"resume"}')"
                echo "resumed: $(resolves)"
                echo "stop: $(ask ann stop '{}')"
                echo "stopping: $(resolves)"
                sleep 7
                echo "stopped: $(resolves)"
                echo "history: $(ask ann history '{"limit":5}') $(pending)"
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        for line in [
            "start: 0\n", "stop: 0 1 stop None None\n", "right after: 192.0.2.1 refused\n",
            "stop again: 0 the wait was not reset\n", "withdrawn: 0 1 None None None\n",
            "withdrawn again: 66 you have no pending change to withdraw\n", "kept: 192.0.2.1 refused\n",
            "pause: 0 1 pause None None\n", "pausing: 192.0.2.1 refused\n", "status file: 1 paused None\n",
            "paused: 192.0.2.2 connected\n", "resume: 0\n", "resumed: 192.0.2.1 refused\n",
            "stopping: 192.0.2.1 refused\n",
            "stopped: 192.0.2.2 connected\n", "history: 0 1 None stopped None\n",
        ] {
            #expect(run.stdout.contains(line), "\(line): \(run.stdout)")
        }
    }

    /// The policy's `min_delay` is every session's floor: a session started without a delay still
    /// waits it before its stop applies, and a start of its lists with a shorter delay keeps it.
    @Test func thePolicysMinimumDelayBindsASessionStartedWithoutOne() throws {
        let run = try Self.sandbox.run(
            PendingChangeSetUp.script + #"""
                printf 'min_delay = "6s"\n' > /etc/refocus/policy.toml
                echo "start: $(ask ann start "$(social 600 false)")"
                echo "again: $(ask ann start "$(social 600 false 1)")"
                echo "stop: $(ask ann stop '{}') $(pending)"
                echo "right after: $(resolves)"
                sleep 7
                echo "stopped: $(resolves)"
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        for line in [
            "start: 0\n", "again: 0\n", "stop: 0 1 stop None None\n", "right after: 192.0.2.1 refused\n",
            "stopped: 192.0.2.2 connected\n",
        ] {
            #expect(run.stdout.contains(line), "\(line): \(run.stdout)")
        }
    }

    /// A start of the same list without its entry, on an unlocked session with a 6 s delay: the
    /// entry stays blocked (name and address) until the delay has passed, then the session runs on
    /// without it; a second entry the start adds binds at once.
    @Test func aStartThatTakesAnEntryAwayWaitsForTheDelay() throws {
        let run = try Self.sandbox.run(
            PendingChangeSetUp.script + #"""
                echo "start: $(ask ann start "$(social 600 false 6)")"
                narrower='{"lists":[{"name":"social","entries":["other.test"],"programs":[]}],"length":600,"locked":false}'
                echo "again: $(ask ann start "$narrower") $(pending)"
                echo "right after: $(resolves) other $(getent ahostsv4 other.test | awk '{print $1}' | head -1)"
                echo "status: $(as_user ann "$B/refocus" status | head -1 | grep -o 'loosening at [0-9:]* (delay)' | sed 's/[0-9:]* (/HH:MM (/')"
                sleep 7
                "$B/refocus-helper" reconcile > /dev/null
                echo "loosened: $(resolves) other $(getent ahostsv4 other.test | awk '{print $1}' | head -1)"
                echo "still running: $(as_user ann "$B/refocus" status | head -1 | grep -c '^#1 social' || true), pending $(as_user ann "$B/refocus" status | grep -c loosening || true)"
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        for line in [
            "start: 0\n", "again: 0 1 loosen None None\n", "right after: 192.0.2.1 refused other 192.0.2.1\n",
            "status: loosening at HH:MM (delay)\n", "loosened: 192.0.2.2 connected other 192.0.2.1\n",
            "still running: 1, pending 0\n",
        ] {
            #expect(run.stdout.contains(line), "\(line): \(run.stdout)")
        }
    }
}
