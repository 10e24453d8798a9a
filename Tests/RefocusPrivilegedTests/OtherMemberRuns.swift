import RefocusTestSupport
import Testing

/// Whether another member's helper runs keep their usual time while one
/// member tries to stall the daemon: `bob_runs` (a script function, after
/// `MemberProbeSetUp.script`) times three `status` and three `start` runs
/// of bob's through the real sudo, each starting a session of its own; `expectUsualTimes` checks them.
enum OtherMemberRuns {
    /// Defines `ms_since`, `daemon_pid` and `bob_runs`.
    static let script = #"""
        ms_since() { echo $(( ($(date +%s%N) - $1) / 1000000 )); }
        daemon_pid() { tr -d '\n' < /run/refocus/daemon.lock; }
        bob_runs() {
          for run in 1 2 3; do
            t=$(date +%s%N)
            printf '{"version":1,"verb":"status"}' | as_user bob timeout 60 sudo -n "$B/refocus-helper" status > /dev/null
            echo "bob's status $run: $(ms_since $t) ms"
            t=$(date +%s%N)
            printf '{"version":1,"verb":"start","start":{"lists":[{"name":"games%s","entries":[],"programs":["rf-game%s"]}],"length":600,"locked":false,"notify":false}}' "$run" "$run" \
              | as_user bob timeout 60 sudo -n "$B/refocus-helper" start > "$WORK/bob.json"
            echo "bob's start $run: $(ms_since $t) ms"
            grep -o 'did not answer[^"]*' "$WORK/bob.json" || true
          done
        }

        """#

    /// Each of bob's runs took under 5 s (a stalled daemon makes a start
    /// wait for its 12 s deadline), and none said the daemon did not answer.
    static func expectUsualTimes(_ run: Binary.Run, sourceLocation: SourceLocation = #_sourceLocation) {
        for line in [
            "bob's status 1", "bob's status 2", "bob's status 3", "bob's start 1", "bob's start 2", "bob's start 3",
        ] {
            let milliseconds = run.number(after: ": ", onLineStarting: line)
            #expect(
                milliseconds.map { $0 < 5000 } == true, "\(line) takes its usual time, not 12 s: \(run.stdout)",
                sourceLocation: sourceLocation)
        }
        #expect(!run.stdout.contains("did not answer"), "\(run.stdout)", sourceLocation: sourceLocation)
    }
}
