import RefocusTestSupport
import Testing

/// Issue 31's emergency exit as its owner takes it: `ann`, a member of the
/// group refocus, in her own tmux server (so the pane's terminal is hers),
/// runs `refocus start --lock` and then `refocus stop --emergency` through
/// the real sudo and the shipped rule. The challenge given back at once
/// (one `send-keys`) is refused as pasted and nothing changes; typed a key
/// at a time 80 ms apart it is accepted: `refocus status` shows "ending at
/// … (emergency exit)", the name stays blocked until the policy's delay (4 s
/// here) has passed and is reachable after it, and `refocus history` shows
/// the outcome `emergency` with the reason.
@Suite(.enabled(if: SudoTools.unavailableReason == nil, Comment(rawValue: SudoTools.unavailableReason ?? "")))
struct EmergencyExitSudoTests {
    static let script =
        MemberProbeSetUp.script + #"""
            command -v tmux > /dev/null || { echo "tmux is not installed (make test-deps installs it)" >&2; exit 1; }
            mkdir -p /etc/refocus && printf 'min_session = "1s"\nemergency_delay = "4s"\n' > /etc/refocus/policy.toml
            as_user ann "$B/refocus" list add focus social.test > /dev/null
            T() { "$WORK/as-user" ann env TERM=xterm-256color LANG=C.UTF-8 tmux -S "$WORK/home-ann/tmux.sock" "$@"; }
            wait_for() {
              for _ in $(seq 200); do T capture-pane -p -t e | grep -qF -- "$1" && return 0; sleep 0.1; done
              echo "never: $1"; T capture-pane -p -t e; return 1
            }
            cat > "$WORK/exit.sh" <<SH
            #!/bin/bash
            "$B/refocus" stop --emergency
            printf 'exit-status%s %s\n' : \$?
            SH
            chmod 755 "$WORK/exit.sh"
            # challenge: the text the pane shows, without its spaces.
            challenge() { T capture-pane -p -t e | grep -xE '    [A-Za-z2-9]{5}( [A-Za-z2-9]{5}){5}' | tail -1 | tr -d ' '; }
            # answer MODE: runs exit.sh in the pane, gives the reason, then the challenge typed or at once.
            answer() {
              T send-keys -t e clear Enter "$WORK/exit.sh" Enter
              wait_for "Why do you need to leave the locked session?" || return 1
              T send-keys -t e -l "the school called"; T send-keys -t e Enter
              wait_for "then Enter:" || return 1
              sleep 0.2
              TEXT=$(challenge)
              if [ "$1" = typed ]; then
                for i in $(seq ${#TEXT}); do T send-keys -t e -l "$(printf '%s' "$TEXT" | cut -c"$i")"; sleep 0.08; done
              else
                T send-keys -t e -l "$TEXT"
              fi
              T send-keys -t e Enter
              wait_for "exit-status:" || return 1
              echo "--- $1"; T capture-pane -p -t e | grep -v '^$'; echo "--- end"
            }
            T new-session -d -x 150 -y 40 -s e "bash --norc --noprofile"
            T send-keys -t e "$B/refocus start --lock --list focus 10m" Enter
            wait_for "Blocking 1 entry" || exit 1
            answer at-once
            echo "after paste: $(as_user ann "$B/refocus" status | head -1)"
            answer typed
            echo "after typing: $(as_user ann "$B/refocus" status | head -1)"
            blocked social.test
            sleep 6
            echo "after the delay: $(as_user ann "$B/refocus" status | head -1)"
            blocked social.test
            echo "history: $(as_user ann "$B/refocus" history | head -1)"
            T kill-server
            """#

    @Test func aPastedChallengeIsRefusedAndATypedOneEndsTheLockAfterTheDelay() throws {
        let run = try Sandbox().run(Self.script)
        let out = run.stdout
        #expect(run.status == 0, "\(run.stderr)\n\(out)")
        #expect(!out.contains("never:"), "\(out)")
        let pasted = WatchTerminalTests.frame("at-once", in: out)
        #expect(
            pasted.contains("refocus: that looked pasted; type it") && pasted.contains("exit-status: 65"), "\(pasted)")
        // A session that ends on the next day says which ("until Sun 00:04"): CI ran across midnight once.
        #expect(out.contains(#/after paste: #1 focus until (\w+ )?\d\d:\d\d \(\d+m\d*s? left, locked\)\n/#), "\(out)")
        let typed = WatchTerminalTests.frame("typed", in: out)
        #expect(
            typed.contains(#/Session 1 \(focus\) ends at \d\d:\d\d: an emergency exit; it blocks until then\./#)
                && typed.contains("exit-status: 0"), "\(typed)")
        #expect(out.contains(#/after typing: #1 focus until .*, ending at \d\d:\d\d \(emergency exit\)\n/#), "\(out)")
        #expect(
            out.contains("(emergency exit)\nsocial.test: 100::1 192.0.2.1 \n"), "blocked until the delay: \(out)")
        #expect(out.contains("after the delay: No active session.\nsocial.test: \n"), "reachable after it: \(out)")
        #expect(out.contains(#/history: #1 focus: .*, emergency, reason: the school called\n/#), "\(out)")
    }
}
