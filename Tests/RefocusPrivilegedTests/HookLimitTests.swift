import Foundation
import RefocusTestSupport
import Testing

/// How a hook's run ends, as the daemon learns it from the runner's exit
/// status: a hook past its time limit is killed with its whole process
/// group; a failing hook's exit status or signal comes through; and the
/// runner never runs as root, through the group's sudo rule or otherwise.
/// See `HookSetUp`.
@Suite(.enabled(if: SudoTools.unavailableReason == nil, Comment(rawValue: SudoTools.unavailableReason ?? "")))
struct HookLimitTests {
    @Test func aHookPastItsTimeLimitIsKilledWithItsProcessGroup() throws {
        let run = try Sandbox(network: false).run(
            HookSetUp.script + #"""
                hook start 755 <<'SH'
                #!/bin/sh
                sleep 300 &
                echo $! > "$HOME/child"
                echo $$ > "$HOME/hook"
                sleep 300
                SH
                t=$(date +%s%N)
                launch start 1
                echo "after $(( ($(date +%s%N) - t) / 1000000 )) ms"
                for pid in $(cat /home/ann/hook /home/ann/child); do gone "$pid" && echo "$pid gone" || echo "$pid alive"; done
                sed 's/^[0-9TZ:-]* /TIME /' "$hooklog"
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("outcome: timed out and was killed\n"), "\(run.stdout)")
        #expect(run.stdout.contains(#""outcome":{"result":"timed-out"}"#), "\(run.stdout)")
        let milliseconds = try #require(run.number(after: "after ", onLineStarting: "after "))
        #expect(milliseconds >= 1000 && milliseconds < 10_000, "killed at the 1 s limit: \(milliseconds) ms")
        #expect(
            !run.stdout.contains("alive"), "the hook and the child it started in the background died: \(run.stdout)")
        #expect(run.stdout.components(separatedBy: " gone\n").count == 3, "\(run.stdout)")
        #expect(
            run.stdout.contains(
                "TIME start: running /home/ann/.config/refocus/hooks/start\n"
                    + "TIME start: killed after 1 s\n"), "\(run.stdout)")
    }

    @Test func aFailingHooksStatusReachesTheDaemon() throws {
        let run = try Sandbox(network: false).run(
            HookSetUp.script + #"""
                for status in 3 77 200; do
                  printf '#!/bin/sh\necho failing\nexit %s\n' "$status" | hook end 755
                  echo "exit $status:"; launch end | grep -E '^(outcome|report)'
                done
                printf '#!/bin/sh\nkill -TERM $$\n' | hook end 755
                echo "signal:"; launch end | grep '^outcome'
                printf 'echo no interpreter line\n' | hook end 755
                echo "no #! line:"; launch end | grep '^outcome'
                sed 's/^[0-9TZ:-]* /TIME /' "$hooklog"
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stdout.contains(
                "exit 3:\noutcome: exited with 3\n"
                    + #"report: {"at":"#), "\(run.stdout)")
        #expect(
            run.stdout.contains(#""event":"end","outcome":{"exitCode":3,"result":"failed"},"sessionID":7}"#),
            "\(run.stdout)")
        #expect(
            run.stdout.contains("exit 77:\noutcome: exited with 77\n"),
            "a hook's 77 is not the runner's refusal: \(run.stdout)")
        #expect(run.stdout.contains("exit 200:\noutcome: exited with a status above 127\n"), "\(run.stdout)")
        #expect(run.stdout.contains("signal:\noutcome: was killed by signal 15\n"), "\(run.stdout)")
        #expect(run.stdout.contains("no #! line:\noutcome: exited with 126\n"), "\(run.stdout)")
        #expect(
            run.stdout.contains(
                "TIME end: running /home/ann/.config/refocus/hooks/end\nfailing\n"
                    + "TIME end: exit 3 after "), "\(run.stdout)")
        #expect(run.stdout.contains("TIME end: exit 200 after "), "the log has the exact status: \(run.stdout)")
        #expect(run.stdout.contains("TIME end: killed by signal 15 after "), "\(run.stdout)")
        #expect(
            run.stdout.contains(
                "TIME end: cannot run /home/ann/.config/refocus/hooks/end: Exec format error "
                    + "(a script needs a first line such as #!/bin/sh)"), "\(run.stdout)")
    }

    @Test func theRunnerRefusesRootSoTheSudoRuleGivesNothing() throws {
        let run = try Sandbox(network: false).run(
            HookSetUp.script + #"""
                printf '#!/bin/sh\necho "ran as $(id -u)" >> "$HOME/ran"\n' | hook start 755
                try() { status=0; "$@" > "$WORK/out" 2> "$WORK/err" || status=$?; echo "status $status: $(cat "$WORK/err")"; }
                echo "root:"; try "$B/refocus-helper" run-hook start
                echo "root with SUDO_UID:"; try env SUDO_UID="$(id -u ann)" "$B/refocus-helper" run-hook start
                echo "ann through sudo:"; try as_user ann sudo -n "$B/refocus-helper" run-hook start
                [ -e /home/ann/ran ] && cat /home/ann/ran || echo "the hook never ran as root"
                echo "ann herself:"; try as_user ann "$B/refocus-helper" run-hook start
                cat /home/ann/ran
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        let refusal =
            "refocus-helper: run-hook runs only as the session's owner, started by the enforcer daemon with "
            + "the owner's privileges; it never runs as root, through sudo or otherwise\n"
        for who in ["root", "root with SUDO_UID", "ann through sudo"] {
            #expect(run.stdout.contains("\(who):\nstatus 77: \(refusal)"), "\(who): \(run.stdout)")
        }
        #expect(run.stdout.contains("the hook never ran as root"), "\(run.stdout)")
        let uid = try #require(run.stdout.split(separator: "\n").first { $0.hasPrefix("ran as ") })
        #expect(uid != "ran as 0", "\(run.stdout)")
        #expect(
            run.stdout.contains("ann herself:\nstatus 0: \n"),
            "run by hand, as herself, with HOME elsewhere, it finds her hook: \(run.stdout)")
    }
}
