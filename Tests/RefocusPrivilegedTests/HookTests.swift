import Foundation
import RefocusTestSupport
import Testing

/// A session owner's hooks, run from root as the daemon runs them
/// (`HookLauncher`: the real setpriv, then `refocus-helper run-hook` as the
/// owner): with the owner's uid, gid and groups, no capability, no_new_privs
/// and exactly the documented environment; refused when others can write
/// the hook or its folder; killed with its process group at the time limit;
/// their exit status reported. The runner refuses to run as root, so the
/// group's sudo rule for the helper gives nothing. See `HookSetUp`.
@Suite(.enabled(if: SudoTools.unavailableReason == nil, Comment(rawValue: SudoTools.unavailableReason ?? "")))
struct HookTests {
    /// A hook that records who it runs as: ids, capability lines, and the
    /// environment it was started with (/proc/$$/environ, not what the shell adds).
    static let recorder = #"""
        #!/bin/sh
        out="$HOME/recorded"
        { echo "uid: $(id -u)"; echo "gid: $(id -g)"; echo "groups: $(id -G)"
          grep -E '^(Cap(Inh|Prm|Eff|Bnd|Amb)|NoNewPrivs):' /proc/self/status | tr -d '\t' | sed 's/:/: /'
          echo "cwd: $(pwd)"
          tr '\0' '\n' < /proc/$$/environ | sed 's/^/env: /'; } > "$out"
        echo "printed by the hook"
        """#

    @Test func aStartHookRunsAsItsOwnerWithNoPrivilegeAndTheDocumentedEnvironment() throws {
        let run = try Sandbox(network: false).run(
            HookSetUp.script + """
                uid=$(id -u ann)
                echo "want: $uid $(id -g ann) $(id -G ann | tr ' ' '\\n' | sort -n | tr '\\n' ' ')"
                install -d -o ann -g ann -m 700 /run/user/$uid
                python3 -c 'import socket, sys; socket.socket(socket.AF_UNIX).bind(sys.argv[1])' /run/user/$uid/bus
                chown ann:ann /run/user/$uid/bus
                hook start 755 <<'SH'
                \(Self.recorder)
                SH
                launch start
                echo "got: $(sed -n 's/^uid: //p' /home/ann/recorded) $(sed -n 's/^gid: //p' /home/ann/recorded)" \\
                  "$(sed -n 's/^groups: //p' /home/ann/recorded | tr ' ' '\\n' | sort -n | tr '\\n' ' ')"
                grep -v -E '^(uid|gid|groups): ' /home/ann/recorded
                sed 's/^[0-9TZ:-]* /TIME /' "$hooklog"
                for path in /home/ann/.local /home/ann/.local/state /home/ann/.local/state/refocus "$hooklog"; do log_mode "$path"; done
                """)
        #expect(run.status == 0, "\(run.stderr)")
        let want = try #require(SudoPathTests.value("want", in: run.stdout))
        #expect(SudoPathTests.value("got", in: run.stdout) == want, "uid, gid and groups are ann's: \(run.stdout)")
        #expect(want.split(separator: " ").count == 5, "uid, gid, and three groups (ann, hookers, refocus): \(want)")
        for line in [
            "CapInh: 0000000000000000", "CapPrm: 0000000000000000", "CapEff: 0000000000000000",
            "CapBnd: 0000000000000000", "CapAmb: 0000000000000000", "NoNewPrivs: 1",
            "cwd: /home/ann/.config/refocus/hooks",
        ] {
            #expect(run.stdout.contains(line + "\n"), "\(line): \(run.stdout)")
        }
        let uid = try #require(want.split(separator: " ").first)
        let environment = run.stdout.split(separator: "\n").filter { $0.hasPrefix("env: ") }.map { $0.dropFirst(5) }
        #expect(
            environment.map(String.init) == [
                "HOME=/home/ann", "USER=ann", "LOGNAME=ann", "PATH=/usr/local/bin:/usr/bin:/bin", "SHELL=/bin/sh",
                "XDG_RUNTIME_DIR=/run/user/\(uid)", "DBUS_SESSION_BUS_ADDRESS=unix:path=/run/user/\(uid)/bus",
                "REFOCUS_SESSION_ID=7", "REFOCUS_LISTS=social,news", "REFOCUS_EVENT=start", "REFOCUS_PHASE=work",
                "REFOCUS_CYCLE=2/4", "REFOCUS_ENDS_AT=2030-01-02T03:04:05Z", "REFOCUS_OUTCOME=", "REFOCUS_LABEL=thesis",
            ], "exactly the documented environment: \(run.stdout)")
        #expect(run.stdout.contains("outcome: ran\n"), "\(run.stdout)")
        #expect(
            run.stdout.contains(#"report: {"at":"#)
                && run.stdout.contains(
                    #""event":"start","outcome":{"result":"ran"},"sessionID":7}"#),
            "\(run.stdout)")
        #expect(
            run.stdout.contains(
                """
                TIME start: running /home/ann/.config/refocus/hooks/start
                printed by the hook
                TIME start: exit 0 after
                """), "the log has a line before, the hook's output, a line after: \(run.stdout)")
        #expect(
            run.stdout.contains(
                """
                /home/ann/.local 700 ann
                /home/ann/.local/state 700 ann
                /home/ann/.local/state/refocus 700 ann
                /home/ann/.local/state/refocus/hooks.log 600 ann
                """), "\(run.stdout)")
    }

    @Test func aHookOthersCouldChangeIsRefusedAndAMissingOneIsNoError() throws {
        let run = try Sandbox(network: false).run(
            HookSetUp.script + #"""
                add_user bob
                launch end
                [ -e /home/ann/.local ] || echo "no log for a missing hook"
                script='#!/bin/sh
                echo ran >> "$HOME/ran"'
                attempt() { printf '%s\n' "$script" | hook start "$1"; launch start | grep '^outcome'; tail -n 1 "$hooklog"; }
                echo "file 775:"; attempt 775
                echo "file 757:"; attempt 757
                echo "file 644:"; attempt 644
                echo "folder 775:"; chmod 775 "$hooks"; attempt 755; chmod 700 "$hooks"
                echo "bob's file:"; attempt 755; chown bob "$hooks/start"; launch start | grep '^outcome'; tail -n 1 "$hooklog"
                echo "a link:"; rm "$hooks/start"; printf '%s\n' "$script" | hook real 755; ln -s real "$hooks/start"
                launch start | grep '^outcome'; tail -n 1 "$hooklog"
                echo "runs: $(wc -l < /home/ann/ran)"
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        let folder = "/home/ann/.config/refocus/hooks"
        #expect(run.stdout.hasPrefix("pid: "), "\(run.stdout)")
        #expect(run.stdout.contains("outcome: no hook\n"), "\(run.stdout)")
        #expect(run.stdout.contains("no log for a missing hook"), "\(run.stdout)")
        for (mode, why) in [
            (
                "775",
                "\(folder)/start is writable by its group or others (mode 0775); "
                    + "make it writable by you alone: chmod go-w '\(folder)/start'"
            ),
            ("757", "\(folder)/start is writable by its group or others (mode 0757)"),
            ("644", "\(folder)/start is not executable; make it so: chmod u+x '\(folder)/start'"),
        ] {
            #expect(run.stdout.contains("file \(mode):\noutcome: refused (see hooks.log)\n"), "\(mode): \(run.stdout)")
            #expect(run.stdout.contains("start: refused: \(why)"), "\(mode): \(run.stdout)")
        }
        #expect(run.stdout.contains("folder 775:\noutcome: refused (see hooks.log)\n"), "\(run.stdout)")
        #expect(
            run.stdout.contains(
                "start: refused: the folder \(folder) is writable by its group or others "
                    + "(mode 0775); make it writable by you alone: chmod go-w '\(folder)'"), "\(run.stdout)")
        #expect(run.stdout.contains("bob's file:\noutcome: ran\n"), "the same hook, safe, runs: \(run.stdout)")
        #expect(run.stdout.contains("start: refused: \(folder)/start belongs to uid "), "\(run.stdout)")
        #expect(run.stdout.contains("a link:\noutcome: refused (see hooks.log)\n"), "\(run.stdout)")
        #expect(
            run.stdout.contains(
                "start: refused: \(folder)/start is a symbolic link; put the executable itself in "
                    + folder), "\(run.stdout)")
        #expect(run.stdout.contains("runs: 1\n"), "only the safe hook ran: \(run.stdout)")
    }
}
