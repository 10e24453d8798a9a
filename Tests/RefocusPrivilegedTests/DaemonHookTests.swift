import RefocusTestSupport
import Testing

/// The daemon runs a session owner's hooks as the owner at the session's
/// start, each phase change and its end: `ann` starts a pomodoro session
/// (shortened to seconds) through the real sudo; her `start` hook records
/// `id` and the REFOCUS_* variables, the phase hooks and the `end` hook
/// append what they were told, and a failing `break-start` hook shows in
/// status.json and `refocus status` while the session runs.
@Suite(.enabled(if: Sandbox.isAvailable, Comment(rawValue: Sandbox.unavailableReason ?? "")))
struct DaemonHookTests {
    @Test func hooksRunAsTheOwnerAtEachEventAndAFailureShowsInStatus() throws {
        let run = try Sandbox(network: true).run(
            HookSetUp.script + #"""
                mkdir -p /etc/refocus && printf 'min_session = "1s"\n' > /etc/refocus/policy.toml
                hook start 700 <<'SH'
                #!/bin/sh
                { id -u; id -g; id -G; echo "event=$REFOCUS_EVENT lists=$REFOCUS_LISTS label=$REFOCUS_LABEL id=$REFOCUS_SESSION_ID"; } > /home/ann/start.out
                SH
                for event in work-start work-end break-end end; do
                  printf '#!/bin/sh\necho "$REFOCUS_EVENT phase=$REFOCUS_PHASE cycle=$REFOCUS_CYCLE outcome=$REFOCUS_OUTCOME" >> /home/ann/events.out\n' \
                    | hook "$event" 700
                done
                printf '#!/bin/sh\necho "$REFOCUS_EVENT phase=$REFOCUS_PHASE cycle=$REFOCUS_CYCLE" >> /home/ann/events.out\nexit 3\n' \
                  | hook break-start 700
                printf '{"version":1,"verb":"start","start":{"lists":[{"name":"focus","entries":["social.test"],"programs":[]}],"length":6,"locked":false,"label":"thesis","pomodoro":{"work":2,"shortBreak":2,"cycles":2,"longBreak":0}}}' \
                  | as_user ann sudo -n "$B/refocus-helper" start > /dev/null
                sleep 3
                python3 -c 'import json; print("problem:", json.load(open("/run/refocus/status.json"))["sessions"][0]["hookProblem"])'
                "$B/refocus" status | grep '^Hook: '
                sleep 4
                echo "ann: $(id -u ann) $(id -g ann) $(id -G ann)"
                cat /home/ann/start.out
                cat /home/ann/events.out
                stat -c 'log owner %U mode %a' /home/ann/.local/state/refocus/hooks.log
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        let ann = try #require(
            lines.first { $0.hasPrefix("ann: ") }?.dropFirst(5).split(separator: " ").map(String.init))
        let start = try #require(lines.firstIndex { $0.hasPrefix("ann: ") })
        #expect(
            Array(lines[(start + 1)...(start + 3)]) == [ann[0], ann[1], ann[2...].joined(separator: " ")],
            "uid, gid and groups: \(run.stdout)")
        #expect(lines.contains("event=start lists=focus label=thesis id=1"), "\(run.stdout)")
        #expect(
            Array(lines[(start + 5)...]) == [
                "work-start phase=work cycle=1/2 outcome=",
                "work-end phase=work cycle=1/2 outcome=",
                "break-start phase=short-break cycle=1/2",
                "break-end phase=short-break cycle=1/2 outcome=",
                "work-start phase=work cycle=2/2 outcome=",
                "work-end phase=work cycle=2/2 outcome=",
                "end phase= cycle= outcome=completed",
                "log owner ann mode 600",
            ], "\(run.stdout)")
        #expect(
            run.stdout.contains("problem: {'at':") && run.stdout.contains("'event': 'break-start'")
                && run.stdout.contains("'exitCode': 3"), "\(run.stdout)")
        #expect(lines.contains("Hook: the break-start hook of session 1 exited with 3."), "\(run.stdout)")
    }
}
