import Foundation
import RefocusTestSupport
import Testing

/// The CLI's way to the helper as a real unprivileged user: `sudo -n` with a
/// NOPASSWD rule, a refusal without a terminal, and the interactive `sudo`
/// fallback answering the password prompt on a pseudo-terminal.
///
/// Users, passwords and sudoers rules are made with useradd, chpasswd and
/// visudo inside the sandbox: they land in its overlay on /etc, never in the
/// machine's. /var/log is a private tmpfs too.
@Suite(.enabled(if: SudoTools.unavailableReason == nil, Comment(rawValue: SudoTools.unavailableReason ?? "")))
struct SudoPathTests {
    /// Functions for the scripts: `add_user NAME`, `allow RULE`, `as_user NAME COMMAND…`
    /// (no terminal unless the caller gives one), `$WORK/terminal.py` (see `terminal`),
    /// and the binaries in `$B`, copied where any user can run them (the build folder may be private).
    static let setUp =
        terminal + #"""
            chmod 755 "$WORK"
            mount -t tmpfs -o mode=0755 tmpfs /var/log
            B="$WORK/bin"
            install -d -m 755 "$B"
            install -m 755 "$BIN/refocus" "$BIN/refocus-helper" "$BIN/refocus-ui" "$B/"
            export XDG_CONFIG_HOME="$WORK/config" REFOCUS_HELPER="$B/refocus-helper"
            add_user() {
              useradd --no-log-init --no-create-home --home-dir "$WORK/home-$1" --shell /bin/sh "$1"
              install -d -o "$1" -g "$1" -m 700 "$WORK/home-$1"
            }
            allow() {
              printf '%s\n' "$1" > "$WORK/sudoers"
              visudo -cf "$WORK/sudoers" > /dev/null
              install -m 0440 "$WORK/sudoers" /etc/sudoers.d/refocus-test
            }
            cat > "$WORK/as-user" <<'SH'
            #!/bin/sh
            user=$1; shift
            exec setpriv --reuid="$(id -u "$user")" --regid="$(id -g "$user")" --init-groups \
              env -i HOME="$WORK/home-$user" USER="$user" LOGNAME="$user" PATH=/usr/bin:/bin TZ=UTC \
              XDG_CONFIG_HOME="$WORK/home-$user/.config" REFOCUS_HELPER="$REFOCUS_HELPER" "$@"
            SH
            chmod 755 "$WORK/as-user"
            export WORK
            as_user() { "$WORK/as-user" "$@"; }
            # owner UID-of-active-sessions, one per line, as root sees them.
            owners() { "$B/refocus" status --json | python3 -c 'import json, sys; [print("owner:", s["owner"]) for s in json.load(sys.stdin)["sessions"]]'; }
            blocked() { echo "$1: $(getent ahosts "$1" | awk '{print $1}' | sort -u | tr '\n' ' ')"; }

            """#

    @Test func aNopasswdRuleStartsTheSessionWithoutATerminal() throws {
        let run = try Sandbox().run(
            Self.setUp + #"""
                add_user ann
                allow "ann ALL=(root) NOPASSWD: $B/refocus-helper"
                echo "uid: $(id -u ann)"
                as_user ann "$B/refocus" list add focus social.test > /dev/null
                status=0
                as_user ann setsid --wait timeout 60 "$B/refocus" start --list focus 1m < /dev/null > "$WORK/out" 2> "$WORK/err" || status=$?
                echo "status: $status"; cat "$WORK/out" "$WORK/err"
                blocked social.test
                owners
                as_user ann setsid --wait "$B/refocus" stop < /dev/null > /dev/null
                as_user ann setsid --wait "$B/refocus" history --json < /dev/null > "$WORK/history.json"
                python3 -c 'import json, sys; [print("history:", r["owner"], r["outcome"]) for r in json.load(open(sys.argv[1]))]' "$WORK/history.json"
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        let uid = try #require(Self.value("uid", in: run.stdout))
        #expect(run.stdout.contains("status: 0\nBlocking 1 entry and 0 programs: #1 focus until"), "\(run.stdout)")
        #expect(run.stdout.contains("social.test: 100::1 192.0.2.1 \n"), "\(run.stdout)")
        #expect(run.stdout.contains("owner: \(uid)\n"), "the session is the user's, from SUDO_UID: \(run.stdout)")
        #expect(run.stdout.contains("history: \(uid) stopped\n"), "\(run.stdout)")
    }

    @Test func aUserWithoutSudoRightsGetsOneLineNamingTheFixAndNoPrompt() throws {
        let run = try Sandbox().run(
            Self.setUp + #"""
                add_user bob
                cp /etc/hosts "$WORK/hosts.before"
                as_user bob "$B/refocus" list add focus social.test > /dev/null
                status=0
                as_user bob setsid --wait timeout 60 "$B/refocus" start --list focus 1m < /dev/null > "$WORK/out" 2> "$WORK/err" || status=$?
                echo "status: $status"
                echo "stdout: $(wc -c < "$WORK/out") bytes, stderr: $(wc -l < "$WORK/err") line"
                cat "$WORK/err"
                cmp /etc/hosts "$WORK/hosts.before" && echo "hosts unchanged"
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("status: 77\n"), "not permitted: \(run.stdout)")
        #expect(run.stdout.contains("stdout: 0 bytes, stderr: 1 line\n"), "\(run.stdout)")
        #expect(run.stdout.contains("refocus: sudo refused to run /"), "\(run.stdout)")
        #expect(
            run.stdout.contains(
                "/bin/refocus-helper (sudo: a password is required); join the group refocus "
                    + "('sudo usermod -aG refocus $USER') and log in again\n"), "\(run.stdout)")
        #expect(!run.stdout.contains("password for"), "no prompt without a terminal")
        #expect(run.stdout.contains("hosts unchanged"))
    }

    @Test func aPasswordRuleIsAnsweredAtTheTerminal() throws {
        let run = try Sandbox().run(
            Self.setUp + #"""
                add_user cat
                echo 'cat:Focus-Pw-7' | chpasswd
                allow "cat ALL=(root) $B/refocus-helper"
                echo "uid: $(id -u cat)"
                as_user cat "$B/refocus" list add focus social.test > /dev/null
                status=0
                as_user cat setsid --wait timeout 60 "$B/refocus" start --list focus 1m < /dev/null 2> "$WORK/err" || status=$?
                echo "without a terminal: $status"
                python3 "$WORK/terminal.py" Focus-Pw-7 "$WORK/as-user" cat "$B/refocus" start --list focus 1m
                blocked social.test
                owners
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        let uid = try #require(Self.value("uid", in: run.stdout))
        #expect(
            run.stdout.contains("without a terminal: 77\n"), "sudo -n refuses, and nobody can answer: \(run.stdout)")
        #expect(run.stdout.contains("[sudo] password for cat: "), "sudo's own prompt on the terminal: \(run.stdout)")
        #expect(!run.stdout.contains("Focus-Pw-7\n"), "the password is not echoed")
        #expect(run.stdout.contains("Blocking 1 entry and 0 programs: #1 focus until"), "\(run.stdout)")
        #expect(run.stdout.contains("password prompts: 1\nterminal status: 0\n"), "\(run.stdout)")
        #expect(run.stdout.contains("social.test: 100::1 192.0.2.1 \n"), "\(run.stdout)")
        #expect(run.stdout.contains("owner: \(uid)\n"), "\(run.stdout)")
    }

    /// Writes `$WORK/terminal.py PASSWORD COMMAND…`: runs the command on a new
    /// pseudo-terminal (its controlling terminal), types PASSWORD at the first
    /// password prompt and Ctrl-C at any later one (a second prompt is a defect
    /// in every test), then prints the transcript, the number of prompts and
    /// the command's status. It gives up after 120 s (`TERMINAL_SECONDS`).
    /// With `TERMINAL_PROMPT` and `TERMINAL_LINES` (a login shell's prompt and
    /// lines to type) it types one line each time the prompt shows, and
    /// prints the first line's wall time, from typing it to the next prompt.
    static let terminal = #"""
        cat > "$WORK/terminal.py" <<'PY'
        import os, pty, select, sys, time
        # A login shell typed at: TERMINAL_PROMPT, and TERMINAL_LINES (one per line) typed one at each prompt.
        prompt = os.environ.get("TERMINAL_PROMPT", "").encode()
        lines = [line.encode() for line in os.environ.get("TERMINAL_LINES", "").split("\n") if line]
        pid, fd = pty.fork()
        if pid == 0:
            os.execv(sys.argv[2], sys.argv[2:])
        transcript, prompts, typed, started, took = b"", 0, 0, 0.0, None
        deadline = time.time() + float(os.environ.get("TERMINAL_SECONDS", "120"))
        while time.time() < deadline:
            if not select.select([fd], [], [], 1)[0]:
                continue
            try:
                data = os.read(fd, 65536)
            except OSError:  # EIO: the terminal's last user is gone
                break
            if not data:
                break
            transcript += data
            while prompts < transcript.count(b"password for"):
                prompts += 1
                os.write(fd, sys.argv[1].encode() + b"\n" if prompts == 1 else b"\x03")
            if prompt and typed < len(lines) and transcript.count(prompt) > typed:
                if typed == 1:
                    took = time.time() - started
                os.write(fd, lines[typed] + b"\n")
                started, typed = time.time(), typed + 1
        else:
            os.kill(pid, 9)
        _, status = os.waitpid(pid, 0)
        print(transcript.decode(errors="replace").replace("\r", ""))
        print("password prompts:", prompts)
        if took is not None:
            print("first line's wall time: %.0f s" % took)
        print("terminal status:", os.waitstatus_to_exitcode(status))
        PY

        """#

    /// The text after `name: ` on its line of `output`.
    static func value(_ name: String, in output: String) -> String? {
        output.split(separator: "\n").first { $0.hasPrefix(name + ": ") }.map { String($0.dropFirst(name.count + 2)) }
    }
}

/// What the sudo tests need beside a sandbox.
enum SudoTools {
    static let paths = [
        "/usr/bin/sudo", "/usr/sbin/visudo", "/usr/sbin/useradd", "/usr/sbin/chpasswd",
        "/usr/bin/setpriv", "/usr/bin/setsid", "/usr/bin/timeout",
    ]

    /// Why the sudo tests cannot run here, or nil.
    static let unavailableReason: String? =
        Sandbox.unavailableReason
        ?? paths.first {
            !FileManager.default.isExecutableFile(atPath: $0)
        }.map { "needs \($0) (apt-get install sudo passwd util-linux)" }
}
