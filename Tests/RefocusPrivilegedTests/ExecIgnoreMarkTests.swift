import Foundation
import RefocusTestSupport
import Testing

/// Allowed programs stop being asked about (ignore marks on their inodes,
/// `ExecIgnoreMarks`), and no mark ever lets a blocked program through:
/// the real daemon and its real fanotify group, `ExecPermissionTests`'
/// set-up (a test user, sessions of programs only, the initial network and
/// PID namespaces). Which files the daemon ignores is read from its group's
/// fdinfo: an inode mark whose `ignored_mask` holds FAN_OPEN_EXEC_PERM.
@Suite(.enabled(if: Sandbox.isAvailable, Comment(rawValue: Sandbox.unavailableReason ?? "")))
struct ExecIgnoreMarkTests {
    static let setUp =
        ExecPermissionTests.setUp + #"""
            # ignored FILE: 1 when the daemon's group ignores FILE's inode, 0 otherwise.
            ignored() {
              local pid fd ino; pid=$(daemon_pid); ino=$(printf %x "$(stat -L -c %i "$1")")
              for fd in /proc/$pid/fd/*; do
                [ "$(readlink "$fd")" = 'anon_inode:[fanotify]' ] || continue
                grep -c "^fanotify ino:$ino .*ignored_mask:40000" "/proc/$pid/fdinfo/${fd##*/}" || true
                return
              done
              echo none
            }
            # A folder of root's that no one else may write, and the test user's own.
            mkdir -m 755 "$WORK/sys"; mkdir -m 755 "$WORK/own"; chown rf-tester:rf-tester "$WORK/own"

            """#

    /// An allowed file of root's, in root's folder, is asked about once: its
    /// first exec marks it, and it keeps running unasked. The test user's own
    /// file (which they could rename) and the blocked program are never marked.
    @Test func anAllowedProgramOfRootsIsIgnoredAfterItsFirstExec() throws {
        let run = try Sandbox(network: false, privatePIDs: false).run(
            Self.setUp + #"""
                allowed="$WORK/sys/rf-a$RANDOM$RANDOM"; another_program /bin/true "$allowed"
                another_program /bin/true "$WORK/own/rf-o$RANDOM"; chown rf-tester:rf-tester "$WORK"/own/rf-o*
                block "$prog" 60
                echo "before its exec: $(ignored "$allowed")"
                as_tester "$allowed" && echo "first exec ran"
                echo "after its exec: $(ignored "$allowed")"
                as_tester "$allowed" && as_tester "$allowed" && echo "marked execs ran"
                as_tester "$WORK"/own/rf-o* && echo "own file ran; marked: $(ignored "$WORK"/own/rf-o*)"
                cd "$WORK"
                { as_tester "./$prog" 2>&1 || true; } | sed "s/$prog/PROGRAM/"
                echo "blocked marked: $(ignored "$WORK/$prog"); ran: $(ran)"
                """#)
        Self.expect(
            run,
            lines: [
                "before its exec: 0", "first exec ran", "after its exec: 1", "marked execs ran",
                "own file ran; marked: 0", "./PROGRAM: Operation not permitted", "blocked marked: 0; ran: ",
            ])
    }

    /// A marked file written in place (root copies a blocked program's
    /// bytes over it: the same inode) loses its mark at the write, and the
    /// test user's next exec of it is refused by the blocked copy's build id.
    @Test func aMarkedFileWrittenInPlaceIsAskedAgain() throws {
        let run = try Sandbox(network: false, privatePIDs: false).run(
            Self.setUp + #"""
                mount -t tmpfs -o mode=0755 tmpfs /usr/local/bin
                another_program /bin/sleep "/usr/local/bin/$victim"
                allowed="$WORK/sys/rf-a$RANDOM$RANDOM"; another_program /bin/sleep "$allowed"
                block "$victim" 60
                as_tester "$allowed" 0 && echo "ran; marked: $(ignored "$allowed")"
                inode=$(stat -c %i "$allowed")
                cat "/usr/local/bin/$victim" > "$allowed"
                [ "$(stat -c %i "$allowed")" = "$inode" ] && echo "written in place; marked: $(ignored "$allowed")"
                { as_tester "$allowed" 0 2>&1 || echo "exit $?"; } | sed "s|$allowed|ALLOWED|"
                """#)
        Self.expect(
            run,
            lines: [
                "ran; marked: 1", "written in place; marked: 0", "ALLOWED: Operation not permitted", "exit 126",
            ])
    }

    /// New rules flush every mark: a file marked under the first session is
    /// refused once a second session blocks its name, and the ELF
    /// interpreter's own ignore mark is back.
    @Test func aSessionStartedAfterTheMarksRefusesAMarkedProgram() throws {
        let run = try Sandbox(network: false, privatePIDs: false).run(
            Self.setUp + #"""
                name="rf-b$RANDOM$RANDOM"; allowed="$WORK/sys/$name"; another_program /bin/true "$allowed"
                block_quietly "$prog"
                as_tester "$allowed" && echo "ran; marked: $(ignored "$allowed")"
                block_quietly "$name"
                echo "after the second session: marked: $(ignored "$allowed"); loader: $(ignored "$(readlink -f /lib64/ld-linux-x86-64.so.2)")"
                { as_tester "$allowed" 2>&1 || echo "exit $?"; } | sed "s|$allowed|ALLOWED|"
                """#)
        Self.expect(
            run,
            lines: [
                "ran; marked: 1", "after the second session: marked: 0; loader: 1", "ALLOWED: Operation not permitted",
                "exit 126",
            ])
    }

    /// The owner's ways to give an allowed file a blocked name: their own
    /// file, renamed or linked to the blocked name after it ran, is refused
    /// (a file its owner may rename is never marked); root's marked file
    /// cannot be linked by them at all (`fs.protected_hardlinks`).
    @Test func aRenameOrALinkToABlockedNameIsRefused() throws {
        let run = try Sandbox(network: false, privatePIDs: false).run(
            Self.setUp + #"""
                moved="rf-m$RANDOM$RANDOM"; linked="rf-l$RANDOM$RANDOM"
                printf '{"version":1,"verb":"start","start":{"lists":[{"name":"games","entries":[],"programs":["%s","%s"]}],"length":60,"locked":false,"notify":false}}' "$moved" "$linked" \
                  | SUDO_UID=$tester "$BIN/refocus-helper" start > /dev/null
                cd "$WORK/own"
                as_tester cp /bin/true ./innocent; as_tester cp /bin/true ./calm
                as_tester ./innocent && as_tester ./calm && echo "ran; marked: $(ignored innocent) $(ignored calm)"
                as_tester mv innocent "$moved"; as_tester ln calm "$linked"
                { as_tester "./$moved" 2>&1 || echo "renamed: exit $?"; } | sed "s/$moved/MOVED/"
                { as_tester "./$linked" 2>&1 || echo "linked: exit $?"; } | sed "s/$linked/LINKED/"
                allowed="$WORK/sys/rf-a$RANDOM$RANDOM"; another_program /bin/true "$allowed"
                as_tester "$allowed" && echo "root's ran; marked: $(ignored "$allowed")"
                as_tester ln "$allowed" "$linked-2" 2> /dev/null || echo "root's file cannot be linked by the owner"
                """#)
        Self.expect(
            run,
            lines: [
                "ran; marked: 0 0", "./MOVED: Operation not permitted", "renamed: exit 126",
                "./LINKED: Operation not permitted", "linked: exit 126", "root's ran; marked: 1",
                "root's file cannot be linked by the owner",
            ])
    }

    /// The limit security.md states: in a user and mount namespace of their
    /// own, the owner binds root's marked file at a blocked name. The guard
    /// is not asked (the mark is on the inode), but what runs is the allowed
    /// file, and the process connector kills it at exec by its name (137).
    /// The same happens without the marks (checked once): the guard does not
    /// see a name bound in another mount namespace.
    @Test func aMarkedFileBoundAtABlockedNameIsKilledAtExec() throws {
        let run = try Sandbox(network: false, privatePIDs: false).run(
            Self.setUp + #"""
                name="rf-n$RANDOM$RANDOM"; allowed="$WORK/sys/rf-a$RANDOM$RANDOM"; another_program /bin/sleep "$allowed"
                block_quietly "$name"
                as_tester "$allowed" 0 && echo "ran; marked: $(ignored "$allowed")"
                as_tester touch "$WORK/own/$name"
                as_tester unshare -Urm /bin/sh -c 'mount --bind "$1" "$2" && exec "$2" 5' sh "$allowed" "$WORK/own/$name" \
                  || echo "bound at the blocked name: exit $?"
                """#)
        Self.expect(run, lines: ["ran; marked: 1", "bound at the blocked name: exit 137"])
    }

    /// `run` ended well and printed each of `lines`, whole.
    static func expect(_ run: Binary.Run, lines: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(run.status == 0, "\(run.stderr)", sourceLocation: sourceLocation)
        for line in lines {
            #expect(run.stdout.contains(line + "\n"), "\(line): \(run.stdout)", sourceLocation: sourceLocation)
        }
    }

    /// The cap, lowered to 4 by the tests' hook: twelve allowed files of
    /// root's, run one after the other by the test user from a process that
    /// runs nothing else (the machine's other execs are marked too), never
    /// leave more than 4 files marked, and marking goes on past the cap (the
    /// group is flushed and starts again): most files are marked right after
    /// their exec.
    @Test func theMarksAreCapped() throws {
        let run = try Sandbox(network: false, privatePIDs: false).run(
            Self.setUp + #"""
                REFOCUS_TEST_EXEC_IGNORE_MARK_CAP=4 "$BIN/refocus-helper" daemon 2> "$WORK/daemon.log" &
                for _ in $(seq 100); do [ -S /run/refocus/daemon.sock ] && break; sleep 0.05; done
                block_quietly "$prog"
                for i in $(seq 12); do another_program /bin/true "$WORK/sys/rf-cap$i"; done
                python3 - "$(daemon_pid)" "$tester" "$WORK/sys" <<'PY'
                import os, sys
                daemon, tester, folder = sys.argv[1], int(sys.argv[2]), sys.argv[3]
                def link(fd):
                    # The daemon closes each event's descriptor once answered: one may go while we look.
                    try:
                        return os.readlink(f"/proc/{daemon}/fd/{fd}")
                    except FileNotFoundError:
                        return ""
                group = next(f for f in os.listdir(f"/proc/{daemon}/fd") if link(f) == "anon_inode:[fanotify]")
                def marks():
                    lines = open(f"/proc/{daemon}/fdinfo/{group}").read().splitlines()
                    return [l for l in lines if l.startswith("fanotify ino:") and " mflags:0 " in l and "ignored_mask:40000" in l]
                most, marked_after = 0, 0
                for i in range(1, 13):
                    path = f"{folder}/rf-cap{i}"
                    pid = os.fork()
                    if pid == 0:
                        os.setgroups([]); os.setgid(tester); os.setuid(tester)
                        os.execv(path, [path])
                    _, status = os.waitpid(pid, 0)
                    assert status == 0, f"rf-cap{i} ended with {status}"
                    now = marks()
                    most = max(most, len(now))
                    marked_after += any(l.startswith(f"fanotify ino:{os.stat(path).st_ino:x} ") for l in now)
                print(f"most marked: {most}; marked right after their exec: {marked_after} of 12")
                PY
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        let most = run.number(after: "most marked: ", onLineStarting: "most marked")
        let marked = run.number(after: "their exec: ", onLineStarting: "most marked")
        #expect(most.map { (1...4).contains($0) } == true, "\(run.stdout)")
        #expect(marked.map { $0 >= 6 } == true, "\(run.stdout)")
    }
}
