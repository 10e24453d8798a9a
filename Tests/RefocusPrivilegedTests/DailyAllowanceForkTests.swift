import RefocusTestSupport
import Testing

/// A program of a daily allowance that forks and lets its first process
/// end (as a daemon's double fork does) runs on in its child, which made no
/// exec of its own: the daemon finds the child when the counted process
/// exits, counts its time, and stops it once the day's allowance is used.
/// (A first process that ends before the daemon has read it, within a few
/// milliseconds of its exec, is not seen: docs/architecture.md says so.)
/// Through the real sudo, in the initial network and PID namespaces where
/// the process connector works; the program is a copy of python3 under a
/// unique name.
@Suite(.enabled(if: Sandbox.isAvailable, Comment(rawValue: Sandbox.unavailableReason ?? "")))
struct DailyAllowanceForkTests {
    @Test func aChildThatOutlivesTheProgramsFirstProcessIsCountedAndStopped() throws {
        let run = try Sandbox(network: false, privatePIDs: false).run(
            DailyAllowanceSudoTests.setUp + #"""
                forker="rf-f$RANDOM$RANDOM"
                another_program /usr/bin/python3 "$WORK/$forker"
                chmod 755 "$WORK/$forker"
                echo "set: $(allowance ann '{"action":"set","lists":[{"name":"video","entries":[],"programs":["'"$forker"'"]}],"daily":3}')"
                # The first process starts up (0.5 s), forks, writes the child's pid and ends; the child sleeps 20 s.
                start=$(date +%s%N)
                as_user ann "$WORK/$forker" -c 'import os, sys, time
                time.sleep(0.5)
                pid = os.fork()
                if pid:
                    print(pid, flush=True); os._exit(0)
                os.setsid(); time.sleep(20)' > "$WORK/child" < /dev/null
                child=$(cat "$WORK/child")
                echo "first process ended after $(( ($(date +%s%N) - start) / 1000000 )) ms"
                while kill -0 "$child" 2> /dev/null && [ $(( ($(date +%s%N) - start) / 1000000 )) -lt 15000 ]; do sleep 0.05; done
                kill -0 "$child" 2> /dev/null && echo "child: still running" \
                  || echo "child: stopped after $(( ($(date +%s%N) - start) / 1000000 )) ms"
                echo "show: $(allowance ann '{"action":"show","lists":[]}')"
                answered
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("set: 0\n"), "\(run.stdout)")
        let first = run.number(after: "after ", onLineStarting: "first process ended")
        #expect(first.map { $0 < 2_000 } == true, "the first process ends soon: \(run.stdout)")
        // Its 3 s are the first process's half second and the child's time: stopped about 3 s in.
        let stopped = run.number(after: "stopped after ", onLineStarting: "child:")
        #expect(stopped.map { $0 >= 2_500 && $0 <= 8_000 } == true, "\(run.stdout)")
        #expect(run.stdout.contains("show: 0\nallowance: video 3 3 True False\n"), "\(run.stdout)")
    }
}
