import RefocusTestSupport
import Testing

/// A pomodoro session with its plan shortened to seconds, in fresh
/// namespaces: the daemon lifts the block when a work phase ends and
/// restores it when the break ends, on its boot-time timer, without being
/// asked; status shows the phase and cycle; a pause lifts and `resume`
/// restores; history records the work phases completed.
@Suite(.enabled(if: Sandbox.isAvailable, Comment(rawValue: Sandbox.unavailableReason ?? "")))
struct PomodoroDaemonTests {
    static let sandbox = Sandbox(dns: [Sandbox.Record("social.test", "192.0.2.2")], peerAddresses: ["192.0.2.2"])

    /// Work 4 s, break 4 s, two cycles, no long break: 12 s. Times are
    /// printed in milliseconds since the start request returned: a change
    /// happened after the last check that missed it began and before the
    /// first that saw it ended, so a loaded machine's slow checks widen that
    /// bracket rather than move it.
    static let setUp = """
        mkdir -p /etc/refocus && printf 'min_session = "1s"\\n' > /etc/refocus/policy.toml
        request() {
          printf '{"version":1,"verb":"%s","%s":%s}' "$1" "$1" "$2" | "$BIN/refocus-helper" "$1"
        }
        blocked() { getent hosts social.test | grep -q '^100::1' && [ "$(connect 192.0.2.2)" = refused ]; }
        lifted() { ! getent hosts social.test | grep -q '^100::1' && [ "$(connect 192.0.2.2)" = connected ]; }
        since() { echo $(( ($(date +%s%N) - T0) / 1000000 )); }
        # until_true COMMAND...: tries every 20 ms for up to 8 s; prints when the last check that failed
        # began and when the first that succeeded ended, in milliseconds since T0 ("MISSED-SEEN"), or never.
        until_true() {
          local began missed=0
          for _ in $(seq 400); do
            began=$(since)
            "$@" && { echo "$missed-$(since)"; return 0; }
            missed=$began; sleep 0.02
          done
          echo never
        }
        phase() {
          python3 -c 'import json; s = json.load(open("/run/refocus/status.json"))["sessions"][0].get("phase"); print("%s %d/%d" % (s["kind"], s["cycle"], s["cycles"]) if s else "none")'
        }
        PLAN='{"work":4,"shortBreak":4,"cycles":2,"longBreak":0}'
        LIST='[{"name":"focus","entries":["social.test"],"programs":[]}]'
        """

    @Test func workPhasesBlockTheBreakDoesNotAndTheDaemonSwitchesOnTime() throws {
        let run = try Self.sandbox.run(
            Self.setUp + """

                request start "{\\"lists\\":$LIST,\\"length\\":12,\\"locked\\":true,\\"pomodoro\\":$PLAN}" > "$WORK/start.json"
                T0=$(date +%s%N)
                blocked && echo "work 1: blocked"
                echo "work 1 status: $(phase)"
                echo "break at: $(until_true lifted)"
                echo "break status: $(phase)"
                echo "work 2 at: $(until_true blocked)"
                echo "work 2 status: $(phase)"
                request pace '{"change":"next"}' > "$WORK/next.json" || echo "next refused: $(grep -o '"code":"[a-z-]*"' "$WORK/next.json")"
                blocked && echo "still blocked after next"
                echo "end at: $(until_true lifted)"
                request history '{"limit":1}' | grep -o '"completedWork":[0-9]*'
                sleep 0.2
                grep -o 'session [0-9]*: [a-z, -]*' /run/refocus/daemon.log | sed 's/^/event /'
                """)
        #expect(run.status == 0, "\(run.stderr)")
        let out = run.stdout
        #expect(out.contains("work 1: blocked"), "\(out)")
        #expect(out.contains("work 1 status: work 1/2"), "\(out)")
        #expect(out.contains("break status: short-break 1/2"), "\(out)")
        #expect(out.contains("work 2 status: work 2/2"), "\(out)")
        #expect(out.contains("next refused: \"code\":\"session-locked\""), "a locked work phase is not skipped: \(out)")
        #expect(out.contains("still blocked after next"), "\(out)")
        #expect(out.contains("\"completedWork\":2"), "\(out)")
        let events = out.split(separator: "\n").filter { $0.hasPrefix("event session 1: ") }.map { $0.dropFirst(17) }
        #expect(
            events == ["start, work-start", "work-end, break-start", "break-end, work-start", "work-end, end"],
            "hooks and notifications hear each change once: \(out)")
        // Each boundary on time: 4 s ± 0.6 s after the last (the start request's own run is not timed). The
        // change lies between the last check that missed it and the first that saw it: that bracket must
        // reach into the window, neither ending before it (early) nor starting after it (late).
        for (label, expected) in [("break at: ", 4000), ("work 2 at: ", 8000), ("end at: ", 12000)] {
            let value = out.split(separator: "\n").first { $0.hasPrefix(label) }.map {
                $0.dropFirst(label.count).split(separator: "-").compactMap { Int($0) }
            }
            let bracket = try #require(value.flatMap { $0.count == 2 ? $0 : nil }, "\(label) never: \(out)")
            #expect(
                bracket[1] > expected - 600 && bracket[0] < expected + 600,
                "\(label)between \(bracket[0]) and \(bracket[1]) ms, expected about \(expected)")
        }
    }

    @Test func pauseLiftsResumeRestoresAndNextSkipsABreak() throws {
        let run = try Self.sandbox.run(
            Self.setUp + """

                request start "{\\"lists\\":$LIST,\\"length\\":12,\\"locked\\":false,\\"pomodoro\\":$PLAN}" > /dev/null
                T0=$(date +%s%N)
                blocked && echo "blocked"
                request pace '{"change":"pause"}' > /dev/null
                lifted && echo "paused: lifted"
                sleep 5
                lifted && echo "still lifted past the phase's end"
                request pace '{"change":"resume"}' > /dev/null
                blocked && echo "resumed: blocked"
                echo "phase after resume: $(phase)"
                request pace '{"change":"next"}' > /dev/null
                lifted && echo "next: break"
                request pace '{"change":"next"}' > /dev/null
                blocked && echo "next: work"
                echo "phase after two nexts: $(phase)"
                request stop '{}' > /dev/null
                request history '{"limit":1}' | grep -o '"pause":{[^}]*}'
                """)
        #expect(run.status == 0, "\(run.stderr)")
        for line in [
            "blocked", "paused: lifted", "still lifted past the phase's end", "resumed: blocked",
            "phase after resume: work 1/2", "next: break", "next: work",
            "phase after two nexts: work 2/2", "\"count\":1",
        ] {
            #expect(run.stdout.contains(line), "\(line): \(run.stdout)")
        }
    }

    @Test func theCommandLineStartsPomodoroSessionsAndStatusShowsTheirPhase() throws {
        let run = try Self.sandbox.run(
            Self.setUp + """

                export XDG_CONFIG_HOME="$WORK/config" REFOCUS_HELPER="$BIN/refocus-helper"
                "$BIN/refocus" list add focus social.test > /dev/null
                "$BIN/refocus" start --list focus --pomodoro 4s/4s --cycles 2 --long-break 0 > /dev/null
                T0=$(date +%s%N)
                blocked && echo "work: blocked"
                echo "status: $("$BIN/refocus" status | head -1)"
                echo "bar: $("$BIN/refocus" status --format polybar)"
                echo "break at: $(until_true lifted)"
                echo "status: $("$BIN/refocus" status | head -1)"
                "$BIN/refocus" stop > /dev/null
                "$BIN/refocus" start pomodoro > /dev/null
                echo "preset: $("$BIN/refocus" status | head -1)"
                "$BIN/refocus" stop > /dev/null
                """)
        #expect(run.status == 0, "\(run.stderr)")
        let out = run.stdout
        #expect(out.contains("work: blocked"), "\(out)")
        #expect(out.contains("status: #1 focus until ") && out.contains("s left), work 1/2 until "), "\(out)")
        #expect(out.contains("bar: focus: focus work 1/2"), "\(out)")
        #expect(out.contains("), break 1/2 until "), "\(out)")
        #expect(!out.contains("break at: never"), "\(out)")
        #expect(
            out.contains("preset: #2 news, social, video until ") && out.contains(" left), work 1/4 until "),
            "the built-in pomodoro preset: \(out)")
    }
}
