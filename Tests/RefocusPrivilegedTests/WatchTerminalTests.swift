import RefocusTestSupport
import Testing

/// `refocus watch` in a real terminal: tmux (a detached session of 80 × 24)
/// runs it in fresh namespaces while the real helper starts a pomodoro
/// session of 6 s, and `tmux capture-pane` shows what a person would see:
/// the ring and the digits counting down, "No active session." once the
/// daemon ends it, and after `q` or SIGTERM the shell's own screen again
/// (its earlier output visible, the cursor shown, the alternate screen
/// left); Ctrl-Z gives the shell its screen back and `fg` takes it again; a
/// resize redraws for the new size. Beside it, `refocus watch` into a file
/// prints a plain line per change.
@Suite(.enabled(if: Sandbox.isAvailable, Comment(rawValue: Sandbox.unavailableReason ?? "")))
struct WatchTerminalTests {
    static let sandbox = Sandbox(dns: [Sandbox.Record("social.test", "192.0.2.2")], peerAddresses: ["192.0.2.2"])

    static let script = #"""
        command -v tmux > /dev/null || { echo "tmux is not installed (make test-deps installs it)" >&2; exit 1; }
        mkdir -p /etc/refocus && printf 'min_session = "1s"\n' > /etc/refocus/policy.toml
        request() {
          printf '{"version":1,"verb":"%s","%s":%s}' "$1" "$1" "$2" | "$BIN/refocus-helper" "$1"
        }
        export LANG=C.UTF-8 TERM=xterm-256color
        unset NO_COLOR
        T() { tmux -S "$WORK/tmux.sock" "$@"; }
        frame() { echo "--- $1"; T capture-pane -p -t w; echo "--- end"; }
        flags() { T display -p -t w 'cursor=#{cursor_flag} alternate=#{alternate_on}'; }
        # wait_for TEXT: up to 15 s for the pane to show TEXT; prints whether it did.
        wait_for() {
          for _ in $(seq 150); do T capture-pane -p -t w | grep -qF -- "$1" && { echo "seen: $1"; return 0; }; sleep 0.1; done
          echo "never: $1"; frame "never $1"; return 1
        }
        # watching: the pid of the refocus watch that the pane's shell runs.
        watching() { pgrep -P "$(T display -p -t w '#{pane_pid}')" -f 'refocus watch$'; }
        wait_gone() {
          for _ in $(seq 50); do kill -0 "$2" 2> /dev/null || { echo "exited: $1"; return 0; }; sleep 0.1; done
          echo "still running: $1"
        }
        # The daemon publishes the status file that watch follows (empty until a session starts).
        "$BIN/refocus-helper" daemon 2> "$WORK/daemon.log" &
        for _ in $(seq 100); do [ -e /run/refocus/status.json ] && break; sleep 0.05; done
        [ -e /run/refocus/status.json ] || echo "never: a status file"
        "$BIN/refocus" watch > "$WORK/lines.txt" 2>&1 &
        PIPED=$!
        T -u new-session -d -x 80 -y 24 -s w "env PS1='$ ' bash --norc --noprofile"
        T send-keys -t w 'echo MARKER-BEFORE-WATCH' Enter
        T send-keys -t w "$BIN/refocus watch" Enter
        wait_for "No active session."
        flags
        PLAN='{"work":6,"shortBreak":1,"cycles":1,"longBreak":0}'
        LIST='[{"name":"focus","entries":["social.test"],"programs":[]}]'
        request start "{\"lists\":$LIST,\"length\":6,\"locked\":false,\"pomodoro\":$PLAN,\"label\":\"thesis\"}" > "$WORK/start.json"
        wait_for "work 1/1"
        frame first
        sleep 2
        frame second
        wait_for "No active session."
        frame ended
        W=$(watching)
        T send-keys -t w q
        wait_gone q "$W"
        frame "after q"
        flags
        T send-keys -t w clear Enter 'echo MARKER-AGAIN' Enter "$BIN/refocus watch" Enter
        wait_for "No active session."
        W=$(watching)
        kill -TERM "$W"
        wait_gone SIGTERM "$W"
        frame "after SIGTERM"
        flags
        # Ctrl-Z gives the shell its screen back; fg takes it again; a resize redraws; q ends it.
        T send-keys -t w clear Enter 'echo MARKER-THIRD' Enter "$BIN/refocus watch" Enter
        wait_for "No active session."
        T send-keys -t w C-z
        wait_for "Stopped"
        frame "after ctrl-z"
        echo "ctrl-z $(flags)"
        T send-keys -t w fg Enter
        wait_for "No active session."
        echo "fg $(flags)"
        T resize-window -t w -x 44 -y 14
        sleep 0.5
        frame resized
        W=$(watching)
        T send-keys -t w q
        wait_gone "q after fg" "$W"
        echo "last $(flags)"
        kill -TERM "$PIPED"; wait "$PIPED"; echo "piped status: $?"
        echo "--- lines"; cat "$WORK/lines.txt"; echo "--- end"
        T kill-server
        """#

    /// The frame printed between `--- NAME` and `--- end`.
    static func frame(_ name: String, in output: String) -> String {
        guard let start = output.range(of: "--- \(name)\n") else { return "" }
        let rest = output[start.upperBound...]
        return String(rest[..<(rest.range(of: "--- end")?.lowerBound ?? rest.endIndex)])
    }

    static func hasBraille(_ text: String) -> Bool {
        text.unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) }
    }

    @Test func theRingAndDigitsCountDownAndTheTerminalComesBackAfterQAndSIGTERM() throws {
        let run = try Self.sandbox.run(Self.script)
        let out = run.stdout
        #expect(run.status == 0, "\(run.stderr)\n\(out)")
        #expect(!out.contains("never:") && !out.contains("still running"), "\(out)")
        #expect(out.contains("cursor=0 alternate=1"), "while watching: the cursor hidden, the alternate screen: \(out)")
        let (first, second) = (Self.frame("first", in: out), Self.frame("second", in: out))
        #expect(
            Self.hasBraille(first) && first.contains("████") && first.contains("thesis")
                && first.contains("0 blocked attempts · 0 programs killed"), "\(first)")
        #expect(second.contains("work 1/1") && first != second, "the digits count down:\n\(first)\n\(second)")
        #expect(Self.frame("ended", in: out).contains("No active session."))
        let afterQ = Self.frame("after q", in: out)
        #expect(afterQ.contains("MARKER-BEFORE-WATCH") && !afterQ.contains("No active session."), "\(afterQ)")
        let afterTerm = Self.frame("after SIGTERM", in: out)
        #expect(afterTerm.contains("MARKER-AGAIN") && !afterTerm.contains("No active session."), "\(afterTerm)")
        #expect(out.components(separatedBy: "cursor=1 alternate=0").count == 5, "after q, SIGTERM, Ctrl-Z, q: \(out)")
        let afterStop = Self.frame("after ctrl-z", in: out)
        #expect(afterStop.contains("MARKER-THIRD") && !afterStop.contains("No active session."), "\(afterStop)")
        #expect(
            out.contains("ctrl-z cursor=1 alternate=0") && out.contains("fg cursor=0 alternate=1")
                && out.contains("last cursor=1 alternate=0"), "\(out)")
        let resized = Self.frame("resized", in: out)
        #expect(
            resized.contains("No active session.") && resized.split(separator: "\n").allSatisfy { $0.count <= 44 },
            "redrawn for 44 columns: \(resized)")
        #expect(out.contains("piped status: 0"), "\(out)")
        let lines = Self.frame("lines", in: out).split(separator: "\n").map(String.init)
        #expect(lines.first == "No active session." && lines.last == "No active session.", "\(lines)")
        #expect(lines.contains { $0.hasPrefix("#1 focus for thesis until") && $0.contains("work 1/1") }, "\(lines)")
        #expect(lines.contains("#1 ended.") && !lines.joined().contains("\u{1B}"), "\(lines)")
    }
}
