import Foundation
import Glibc
import RefocusTestSupport
import Testing

/// `refocus stop --emergency` on a real terminal: tmux (a detached server on
/// a socket of the test's own) runs it against a stand-in helper (as root,
/// the CLI runs the helper directly), answers the question, reads the
/// challenge off the pane with `capture-pane`, and gives it back four ways:
/// a key at a time 80 ms apart (accepted: the request carries the reason),
/// all at once with one `send-keys` or with `paste-buffer` (refused as
/// pasted, nothing sent), and another text typed at a person's pace
/// (refused, nothing sent); then Ctrl-C in the middle of the typing. After
/// each, `stty -a` in the pane shows the terminal as it was: echo and
/// canonical mode on. The judgement's rules themselves are `TypedChallengeTests`.
@Suite(
    .enabled(if: getuid() == 0, "needs root: the CLI runs a stand-in helper directly only as root, else through sudo"),
    .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux"), "needs tmux (make test-deps)"))
struct EmergencyChallengeTerminalTests {
    /// What the stand-in answers: session 3 with its emergency exit pending until 14:35 UTC.
    static let answer = #"""
        {"version":1,"ok":true,"notes":[],"sessions":[{"id":3,"owner":0,"lists":["social"],
        "start":"2020-05-10T13:00:00Z","plannedEnd":"2020-05-10T16:00:00Z","locked":true,
        "pending":{"kind":"emergency","requestedAt":"2020-05-10T14:20:00Z","effectiveAt":"2020-05-10T14:35:00Z",
        "reason":"a call from the school"}}]}
        """#.replacingOccurrences(of: "\n", with: "")

    /// The script: `$REFOCUS` (the binary), `$HELPER` (the stand-in), `$WORK`; `MODE` is how the text is given.
    static let script = #"""
        T() { tmux -S "$WORK/tmux.sock" "$@"; }
        wait_for() {
          for _ in $(seq 150); do T capture-pane -p -t c | grep -qF -- "$1" && return 0; sleep 0.1; done
          echo "never: $1"; T capture-pane -p -t c; return 1
        }
        export LANG=C.UTF-8 TERM=xterm-256color
        # The tmux server outlives this script: it must keep none of the descriptors the test gave the
        # script beyond the standard three, or the test would wait for the server to end.
        for fd in $(ls /proc/$$/fd); do case $fd in 0|1|2|255) ;; *) eval "exec $fd>&-" ;; esac; done
        # The run in a script of its own, whose trap outlives a Ctrl-C (an interactive shell would drop the rest).
        cat > "$WORK/run.sh" <<SH
        #!/bin/bash
        trap : INT
        env TZ=UTC REFOCUS_HELPER="$HELPER" XDG_CONFIG_HOME="$WORK" "$REFOCUS" stop --emergency 3
        printf 'status%s %s\n' : \$?
        stty -a | tr ' ' '\n' | grep -xE -- '-?(echo|icanon)' | tr '\n' ' '; echo
        SH
        chmod 755 "$WORK/run.sh"
        T -u new-session -d -x 120 -y 30 -s c "env PS1='$ ' bash --norc --noprofile"
        T send-keys -t c "$WORK/run.sh" Enter
        wait_for "Why do you need to leave the locked session?" || exit 1
        T send-keys -t c -l "a call from the school"
        T send-keys -t c Enter
        wait_for "then Enter:" || exit 1
        sleep 0.2
        TEXT=$(T capture-pane -p -t c | grep -xE '    [A-Za-z2-9]{5}( [A-Za-z2-9]{5}){5}' | tr -d ' ')
        echo "challenge: $TEXT"
        case "$MODE" in
          typed|wrong)
            [ "$MODE" = wrong ] && TEXT="$(printf '%s' "$TEXT" | cut -c2-)x"
            for i in $(seq ${#TEXT}); do T send-keys -t c -l "$(printf '%s' "$TEXT" | cut -c"$i")"; sleep 0.08; done
            T send-keys -t c Enter ;;
          at-once) T send-keys -t c -l "$TEXT"; T send-keys -t c Enter ;;
          paste-buffer) T set-buffer "$TEXT"; T paste-buffer -t c; sleep 0.05; T send-keys -t c Enter ;;
          ctrl-c)
            for i in 1 2 3 4 5; do T send-keys -t c -l "$(printf '%s' "$TEXT" | cut -c"$i")"; sleep 0.08; done
            T send-keys -t c C-c ;;
        esac
        wait_for "status:" || exit 1
        sleep 0.2
        echo "--- pane"; T capture-pane -p -J -t c; echo "--- end"
        T kill-server
        """#

    /// The script's output for `mode`, and whether the stand-in was asked.
    static func run(_ mode: String) throws -> (output: String, request: String?) {
        let refocus = try Binary()
        defer { refocus.cleanUp() }
        let helper = try HistoryCommandTests.standIn(refocus, answering: Self.answer)
        let run = try Binary.execute(
            "/bin/bash", ["-c", Self.script],
            environment: [
                "WORK": refocus.home, "REFOCUS": Binary.buildDirectory + "/refocus", "HELPER": helper, "MODE": mode,
            ])
        #expect(run.status == 0, "\(run.stderr)\n\(run.stdout)")
        return (run.stdout, try? String(contentsOfFile: helper + ".request", encoding: .utf8))
    }

    /// Whether the pane's `stty -a` after the run shows echo and canonical mode on.
    static func terminalRestored(_ output: String) -> Bool {
        output.contains("echo icanon") || output.contains("icanon echo")
    }

    @Test func aTextTypedAKeyAtATimeIsAcceptedAndTheReasonSent() throws {
        let (output, request) = try Self.run("typed")
        #expect(output.contains(#/challenge: [A-Za-z2-9]{30}\n/#), "\(output)")
        #expect(output.contains("status: 0"), "\(output)")
        #expect(
            output.contains(
                "Session 3 (social) ends at 2020-05-10 14:35: an emergency exit; it blocks until then. "
                    + "'refocus stop --cancel' withdraws it."), "\(output)")
        let sent = try #require(request, "the helper was asked: \(output)")
        #expect(sent.contains(#""emergency":"a call from the school""#) && sent.contains(#""sessionID":3"#), "\(sent)")
        #expect(Self.terminalRestored(output), "\(output)")
    }

    @Test(arguments: ["at-once", "paste-buffer"])
    func aTextGivenAtOnceIsRefusedAsPasted(mode: String) throws {
        let (output, request) = try Self.run(mode)
        #expect(output.contains("refocus: that looked pasted; type it"), "\(output)")
        #expect(output.contains("status: 65"), "\(output)")
        #expect(request == nil, "nothing was sent: \(request ?? "")")
        #expect(Self.terminalRestored(output), "\(output)")
    }

    @Test func anotherTextIsRefused() throws {
        let (output, request) = try Self.run("wrong")
        #expect(output.contains("refocus: the text did not match; nothing changed"), "\(output)")
        #expect(output.contains("status: 65") && request == nil, "\(output)")
        #expect(Self.terminalRestored(output), "\(output)")
    }

    @Test func ctrlCLeavesTheTerminalAsItWas() throws {
        let (output, request) = try Self.run("ctrl-c")
        #expect(output.contains("refocus: interrupted; nothing changed"), "\(output)")
        #expect(output.contains("status: 130") && request == nil, "\(output)")
        #expect(Self.terminalRestored(output), "\(output)")
    }
}
