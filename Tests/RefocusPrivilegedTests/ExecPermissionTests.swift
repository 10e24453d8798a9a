import Foundation
import RefocusTestSupport
import Testing

/// Programs refused before they run (fanotify exec permission events),
/// through the real helper and daemon, in the initial network and PID
/// namespaces with a private mount namespace (`DaemonProgramTests`' set-up:
/// a test user from the overlay /etc, sessions of programs only). The
/// daemon marks every filesystem a program can be run from, the machine's
/// too (marks are on filesystems, not mount namespaces): it allows every
/// exec but the test user's of the uniquely named program at once.
@Suite(.enabled(if: Sandbox.isAvailable, Comment(rawValue: Sandbox.unavailableReason ?? "")))
struct ExecPermissionTests {
    /// A blocked program that would leave a marker (`$WORK/out/ran-UID`) if it ran.
    static let setUp =
        DaemonProgramTests.setUp + "\n" + #"""
            mkdir -m 777 "$WORK/out"
            prog="rf-x$RANDOM$RANDOM"
            printf '#!/bin/sh\ntouch %s/out/ran-$(id -u)\n' "$WORK" > "$WORK/$prog"; chmod 755 "$WORK/$prog"
            # This sandbox's daemon (pgrep would see other tests' daemons in the initial PID namespace).
            daemon_pid() { tr -d '\n' < /run/refocus/daemon.lock; }
            fanotify_fds() { ls -l /proc/$1/fd 2> /dev/null | grep -c 'anon_inode:\[fanotify\]'; }
            ran() { ls "$WORK/out" | sed "s/^ran-$tester\$/ran-TESTER/" | LC_ALL=C sort | tr '\n' ' '; }
            # A session without notifications: the owner's notifier is an exec of theirs too.
            block_quietly() {
              printf '{"version":1,"verb":"start","start":{"lists":[{"name":"games","entries":[],"programs":["%s"]}],"length":60,"locked":false,"notify":false}}' "$1" \
                | SUDO_UID=$tester "$BIN/refocus-helper" start > /dev/null
            }
            status_mode() { python3 -c 'import json; print(json.load(open("/run/refocus/status.json"))["counts"]["programBlocking"])'; }

            """#

    /// The issue's must-show: the test user's `./PROGRAM` prints "Operation
    /// not permitted" and writes no marker; root and another user run the
    /// same file; `refocus status` names exec permission; the refusal counts
    /// as the session's and the owner is told (a fake notify-send on an
    /// overlay of /usr/bin, this mount namespace only); after the session
    /// the daemon holds no fanotify group and the test user runs the program.
    @Test func theOwnersExecIsRefusedBeforeItRuns() throws {
        let run = try Sandbox(network: false, privatePIDs: false).run(
            Self.setUp + #"""
                mkdir -p "$WORK/bin-upper" "$WORK/bin-work"
                mount -t overlay overlay -o lowerdir=/usr/bin,upperdir="$WORK/bin-upper",workdir="$WORK/bin-work" /usr/bin
                printf '#!/bin/sh\necho "uid=$(id -u) args=$*" >> %s/notified\n' "$WORK" > /usr/bin/notify-send
                chmod 755 /usr/bin/notify-send; touch "$WORK/notified"; chmod 666 "$WORK/notified"
                mkdir -p /run/user/$tester && touch /run/user/$tester/bus
                block "$prog" 60
                echo "mode: $(status_mode)"
                "$BIN/refocus" status | grep -o 'exec permission ([^)]*)'
                echo "groups during: $(fanotify_fds "$(daemon_pid)")"
                cd "$WORK"
                { as_tester /bin/sh -c "./$prog" 2>&1 || echo "exit $?"; } | sed "s/$prog/PROGRAM/"
                echo "ran after the owner: $(ran)"
                "./$prog"; setpriv --reuid=65534 --regid=65534 --clear-groups "./$prog"
                echo "ran after root and nobody: $(ran)"
                sleep 0.2
                python3 -c 'import json; print("counted:", json.load(open("/run/refocus/status.json"))["sessions"][0]["programsKilled"])'
                grep -o "uid=$tester args=.*blocked $prog" "$WORK/notified" | sed -e "s/$prog/PROGRAM/" -e "s/uid=$tester/uid=TESTER/" | head -1
                echo '{"version":1,"verb":"stop","stop":{}}' | SUDO_UID=$tester "$BIN/refocus-helper" stop > /dev/null
                echo "groups after: $(fanotify_fds "$(daemon_pid)")"
                as_tester /bin/sh -c "./$prog" && echo "ran after the session: $(ran)"
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        for fact in [
            "mode: exec-permission", "exec permission (1 programs refused before they run)", "groups during: 1",
            "/bin/sh: 1: ./PROGRAM: Operation not permitted", "exit 126", "ran after the owner: \n",
            "ran after root and nobody: ran-0 ran-65534 \n", "counted: 1", "groups after: 0",
            "uid=TESTER args=--app-name=ReFocus --action=open=Open ReFocus -- ReFocus blocked PROGRAM",
            "ran after the session: ran-0 ran-65534 ran-TESTER \n",
        ] {
            #expect(run.stdout.contains(fact + (fact.hasSuffix("\n") ? "" : "\n")), "\(fact): \(run.stdout)")
        }
    }

    /// The owner's escape attempt: a process that made itself non-dumpable
    /// (`prctl(PR_SET_DUMPABLE, 0)`), so that its /proc/PID files are root's, then
    /// execs the blocked program. The guard reads its uids from /proc/PID/status
    /// rather than trusting the folder's owner: refused all the same.
    @Test func anOwnerWhoseProcessIsNotDumpableIsRefusedAllTheSame() throws {
        let run = try Sandbox(network: false, privatePIDs: false).run(
            Self.setUp + #"""
                block "$prog" 60
                cd "$WORK"
                as_tester /usr/bin/python3 -c 'import ctypes, os, sys
                ctypes.CDLL(None).prctl(4, 0, 0, 0, 0)
                print("proc owner after prctl:", os.stat(f"/proc/{os.getpid()}/status").st_uid, flush=True)
                try:
                    os.execv(sys.argv[1], [sys.argv[1]])
                except OSError as error:
                    print("exec:", error.strerror)' "./$prog"
                echo "ran: $(ran)"
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stdout.contains("proc owner after prctl: 0\nexec: Operation not permitted\nran: \n"), "\(run.stdout)")
    }

    /// Two members through the real sudo and the shipped rule: ann's session
    /// blocks a program by name; her exec of it is refused before it runs,
    /// bob's exec of the same file runs, and so does root's.
    @Test func aMembersProgramRulesSpareAnotherMembersExecsThroughSudo() throws {
        let run = try Sandbox(network: false, privatePIDs: false).run(
            MemberProbeSetUp.script + #"""
                mkdir -m 777 "$WORK/out"
                prog="rf-x$RANDOM$RANDOM"
                printf '#!/bin/sh\ntouch %s/out/ran-$(id -un)\n' "$WORK" > "$WORK/$prog"; chmod 755 "$WORK/$prog"
                lists="$WORK/home-ann/.config/refocus/lists"
                as_user ann mkdir -p "$lists"
                printf '%s\n' "$prog" | as_user ann tee "$lists/games.programs" > /dev/null
                as_user ann "$B/refocus" start -q --list games 10m
                python3 -c 'import json; print("mode:", json.load(open("/run/refocus/status.json"))["counts"]["programBlocking"])'
                cd "$WORK"
                { as_user ann /bin/sh -c "./$prog" 2>&1 || echo "ann: exit $?"; } | sed "s/$prog/PROGRAM/"
                as_user bob /bin/sh -c "./$prog" && echo "bob: ran"
                "./$prog" && echo "root: ran"
                echo "markers: $(ls "$WORK/out" | tr '\n' ' ')"
                as_user ann "$B/refocus" stop -q
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stdout.contains(
                "mode: exec-permission\n/bin/sh: 1: ./PROGRAM: Operation not permitted\nann: exit 126\n"
                    + "bob: ran\nroot: ran\nmarkers: ran-bob ran-root \n"), "\(run.stdout)")
    }

    /// The owner's two ways round a blocked name, through the real sudo
    /// (issue 28, finding 12): ann blocks `~/bin/PROGRAM` (a copy of sleep),
    /// then runs a copy of it under another name (refused at exec by its
    /// build id: 126), and runs it through the dynamic loader by hand, by
    /// the loader's own path and by a copy of the loader, with a relative
    /// path and `--argv0` (the loader's exec is never asked about: the
    /// process connector kills it, 137). Her loader running another program
    /// runs, and so does bob's loader running her program.
    @Test func aCopyOrTheLoaderRunsNoBlockedProgramThroughSudo() throws {
        let loader = "/lib64/ld-linux-x86-64.so.2"
        guard FileManager.default.fileExists(atPath: loader) else { return }
        let run = try Sandbox(network: false, privatePIDs: false).run(
            MemberProbeSetUp.script + #"""
                prog="rf-x$RANDOM$RANDOM"
                home="$WORK/home-ann"
                as_user ann mkdir -p "$home/bin" "$home/x" "$home/.config/refocus/lists"
                another_program /bin/sleep "$home/bin/$prog" && chown ann: "$home/bin/$prog"
                printf '%s\n' "$prog" | as_user ann tee "$home/.config/refocus/lists/games.programs" > /dev/null
                as_user ann "$B/refocus" start -q --list games 10m
                as_user ann cp "$home/bin/$prog" "$home/x/innocent"
                as_user ann cp /lib64/ld-linux-x86-64.so.2 "$home/x/myld"
                cd "$home/x"
                { as_user ann ./innocent 5 2>&1 || echo "copy: exit $?"; }
                as_user ann /lib64/ld-linux-x86-64.so.2 "$home/bin/$prog" 5 || echo "loader: exit $?"
                as_user ann /lib64/ld-linux-x86-64.so.2 --inhibit-cache ./innocent 5 || echo "loader, relative: exit $?"
                as_user ann ./myld --argv0 calm "$home/bin/$prog" 5 || echo "a copy of the loader: exit $?"
                as_user ann /lib64/ld-linux-x86-64.so.2 /bin/true && echo "ann's loader running true: ran"
                chmod 755 "$home" "$home/bin"
                as_user bob /lib64/ld-linux-x86-64.so.2 "$home/bin/$prog" 0.1 && echo "bob's loader running it: ran"
                sleep 0.3
                python3 -c 'import json; print("killed:", json.load(open("/run/refocus/status.json"))["sessions"][0]["programsKilled"])'
                as_user ann "$B/refocus" stop -q
                as_user ann ./innocent 0.1 && echo "after the session: ran"
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        for fact in [
            "innocent’: Operation not permitted\ncopy: exit 126", "loader: exit 137",
            "loader, relative: exit 137", "a copy of the loader: exit 137", "ann's loader running true: ran",
            "bob's loader running it: ran", "killed: 4", "after the session: ran",
        ] {
            #expect(run.stdout.contains(fact + "\n"), "\(fact): \(run.stdout)")
        }
    }

    /// A program installed under a blocked name is known by what it is: a
    /// copy of sleep installed as /usr/local/bin/NAME (a tmpfs there, this
    /// mount namespace only) and run through a hard link of another name is
    /// refused (its identity matched; the name is not a blocked one), while
    /// a different file with that other name runs.
    @Test func anInstalledProgramIsRefusedUnderAnyName() throws {
        let run = try Sandbox(network: false, privatePIDs: false).run(
            Self.setUp + #"""
                mount -t tmpfs -o mode=0755 tmpfs /usr/local/bin
                another_program /bin/sleep "/usr/local/bin/$victim"; ln "/usr/local/bin/$victim" /usr/local/bin/rf-innocent
                block "$victim" 60
                as_tester /usr/local/bin/rf-innocent 0 2>&1 | sed "s/$victim/VICTIM/" || true
                cp /bin/true "$WORK/rf-innocent"
                as_tester "$WORK/rf-innocent" && echo "another file of that name runs"
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("/usr/local/bin/rf-innocent: Operation not permitted"), "\(run.stdout)")
        #expect(run.stdout.contains("another file of that name runs\n"), "\(run.stdout)")
    }

    /// Apps known by what they are, through the real daemon: nothing runs
    /// for the owner inside a fake Flatpak sandbox (a root of the test's
    /// own, /usr bound into it, with a `/.flatpak-info` naming
    /// com.example.Fake) while `flatpak:com.example.Fake` is blocked, though
    /// the same sleep runs outside it; an AppImage-like process (`APPIMAGE`
    /// set to Fake-2.AppImage) is killed at exec for `appimage:Fake`. Inside
    /// the sandbox the exec is refused (126); in two loaded full runs out of
    /// about ten it was instead killed at exec (137) by the connector, which
    /// knew the app too; the cause is not found yet (see the issue's note),
    /// so either is accepted here and the daemon's log is shown.
    @Test func aFlatpakAndAnAppImageAreKnownByWhatTheyAre() throws {
        let run = try Sandbox(network: false, privatePIDs: false).run(
            Self.setUp + #"""
                root="$WORK/flatpak-root"; mkdir -p "$root/usr" "$root/tmp"
                mount --bind /usr "$root/usr"
                ln -s usr/bin "$root/bin"; ln -s usr/lib "$root/lib"; ln -s usr/lib64 "$root/lib64"
                printf '[Application]\nname=com.example.Fake\nruntime=runtime/org.freedesktop.Platform/x86_64/23.08\n' > "$root/.flatpak-info"
                printf '{"version":1,"verb":"start","start":{"lists":[{"name":"apps","entries":[],"programs":["flatpak:com.example.Fake","appimage:Fake"]}],"length":60,"locked":false,"notify":false}}'               | SUDO_UID=$tester "$BIN/refocus-helper" start > /dev/null
                chroot "$root" setpriv --reuid=$tester --regid=$tester --clear-groups /bin/sleep 0 2>&1 || echo "in the sandbox: $?"
                as_tester /bin/sleep 0 && echo "outside it: runs"
                cd "$WORK"
                as_tester env APPIMAGE=/home/rf-tester/Apps/Fake-2.AppImage "./$victim" 30 || echo "the AppImage: $?"
                as_tester env APPIMAGE=/home/rf-tester/Apps/Other.AppImage "./$victim" 0 && echo "another AppImage: runs"
                grep -h 'exec\|fanotify\|stopped' /run/refocus/daemon.log >&2 || true
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stdout.contains("in the sandbox: 126\n") || run.stdout.contains("in the sandbox: 137\n"),
            "\(run.stdout) \(run.stderr)")
        for fact in ["outside it: runs", "the AppImage: 137", "another AppImage: runs"] {
            #expect(run.stdout.contains(fact + "\n"), "\(fact): \(run.stdout) \(run.stderr)")
        }
    }

    /// A daemon killed with SIGKILL cannot hold any exec: the kernel
    /// releases its group with its last descriptor, so the test user's exec
    /// of the blocked program goes on at once (no daemon is left to refuse
    /// or kill it).
    @Test func aKilledDaemonReleasesItsMarks() throws {
        let run = try Sandbox(network: false, privatePIDs: false).run(
            Self.setUp + #"""
                block "$prog" 60
                pid=$(daemon_pid)
                echo "groups before: $(fanotify_fds "$pid")"
                kill -9 "$pid"
                while kill -0 "$pid" 2> /dev/null; do sleep 0.01; done
                cd "$WORK"
                timeout 5 setpriv --reuid=$tester --regid=$tester --init-groups "./$prog" && echo "ran after the kill: $(ran)"
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "groups before: 1\nran after the kill: ran-TESTER \n", "\(run.stdout)")
    }

    /// The watchdog, driven by the tests' hook that delays each refusal by
    /// 6 s: the owner's exec of the blocked program (a copy of sleep) is
    /// held about the watchdog's bound (1 s), not 6 s; the daemon lets go
    /// of its group (the kernel allows the waiting exec), says so in its
    /// log, and falls back to killing at exec (`exec-events`): the program
    /// is killed by SIGKILL as it starts. Every other exec goes on meanwhile.
    @Test func aStalledAnswerLoopLetsGoAndTheDaemonFallsBack() throws {
        let run = try Sandbox(network: false, privatePIDs: false).run(
            Self.setUp + #"""
                REFOCUS_TEST_EXEC_ANSWER_DELAY_MS=6000 "$BIN/refocus-helper" daemon 2> "$WORK/daemon.log" &
                for _ in $(seq 100); do [ -S /run/refocus/daemon.sock ] && break; sleep 0.05; done
                block "$victim" 60
                echo "mode before: $(status_mode)"
                cd "$WORK"
                start=$(date +%s%N)
                as_tester "./$victim" 30 || echo "the blocked program: $? after $(ms_since $start) ms"
                for _ in $(seq 100); do [ "$(status_mode)" = exec-events ] && break; sleep 0.02; done
                echo "mode after: $(status_mode)"
                echo "groups after: $(fanotify_fds "$(daemon_pid)")"
                grep -o 'took longer than 1000 ms: the exec guard let go' "$WORK/daemon.log" | head -1
                start=$(date +%s%N)
                as_tester /bin/true && echo "then an exec took $(ms_since $start) ms"
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        for fact in [
            "mode before: exec-permission", "mode after: exec-events", "groups after: 0",
            "took longer than 1000 ms: the exec guard let go",
        ] {
            #expect(run.stdout.contains(fact + "\n"), "\(fact): \(run.stdout)")
        }
        let held = run.number(after: "after ", onLineStarting: "the blocked program: 137")
        #expect(held.map { (900..<4_000).contains($0) } == true, "held about the bound, then killed: \(run.stdout)")
        let then = run.number(after: "took ", onLineStarting: "then an exec")
        #expect(then.map { $0 < 900 } == true, "nothing waits on the guard any more: \(run.stdout)")
    }
}
