import RefocusTestSupport
import Testing

/// A member who tries to park the root daemon on a read of their process's
/// arguments: the kernel copies /proc/PID/cmdline out of the process's
/// memory under its memory-map lock, and ann's process holds that lock for
/// writing for as long as she likes. One thread of hers faults a page of a
/// file whose FUSE server (hers; here mounted by root with `allow_other`,
/// as a member can in a user namespace or where /etc/fuse.conf has
/// `user_allow_other`) never answers the read; another maps that
/// direct-I/O file again, which waits on that page with the lock held.
/// Then her session starts blocking programs: the daemon scans her
/// processes. Another member's helper runs, through the real sudo, take
/// their usual time, the daemon's loop does not wait on her memory, and
/// her blocked program is still refused. In the initial network and PID
/// namespaces (the process connector), sessions without addresses.
@Suite(.enabled(if: SudoTools.unavailableReason == nil, Comment(rawValue: SudoTools.unavailableReason ?? "")))
struct ProcessMemoryStallTests {
    /// A FUSE server of one regular file owned by `$2`: INIT, GETATTR and
    /// OPEN (direct I/O) are answered, READ never.
    static let server = #"""
        import os, struct, sys
        fd, owner = int(sys.argv[1]), int(sys.argv[2])
        def reply(unique, payload=b"", error=0):
            os.write(fd, struct.pack("<IiQ", 16 + len(payload), error, unique) + payload)
        while True:
            try:
                data = os.read(fd, 1 << 20)
            except OSError:
                break
            length, opcode, unique = struct.unpack_from("<IIQ", data)
            if opcode == 26:  # INIT: protocol 7.31, no options
                reply(unique, struct.pack("<IIIIHHIIHHIIH22x", 7, 31, 0, 0, 0, 0, 4096, 1, 0, 0, 0, 0, 0))
            elif opcode == 3:  # GETATTR: a 64 KiB file, mode 0644
                attributes = struct.pack("<QQQQQQIIIIIIIIII", 1, 65536, 128, 0, 0, 0, 0, 0, 0, 0o100644, 1, owner, owner, 0, 4096, 0)
                reply(unique, struct.pack("<QII", 3600, 0, 0) + attributes)
            elif opcode == 14:  # OPEN: FOPEN_DIRECT_IO
                reply(unique, struct.pack("<QIi", 0, 1, 0))
            elif opcode in (18, 25):  # RELEASE, FLUSH
                reply(unique)
            elif opcode != 15:  # READ: never answered
                reply(unique, error=-38)
        """#

    /// ann's process: thread A faults the file's first page (its READ
    /// waits forever, the page stays locked), thread B maps the file again
    /// (invalidating its pages waits on that page, with the process's
    /// memory-map lock held for writing).
    static let trap = #"""
        import ctypes, os, sys, threading, time
        libc = ctypes.CDLL(None, use_errno=True)
        libc.mmap.restype = ctypes.c_void_p
        libc.mmap.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_long]
        libc.memcpy.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_size_t]
        fd = os.open(sys.argv[1], os.O_RDONLY)
        os.fstat(fd)
        PROT_READ, MAP_PRIVATE = 1, 2
        first = libc.mmap(None, 4096, PROT_READ, MAP_PRIVATE, fd, 0)
        copy = ctypes.create_string_buffer(8)
        threading.Thread(target=lambda: libc.memcpy(copy, first, 8), daemon=True).start()
        time.sleep(0.5)
        threading.Thread(target=lambda: libc.mmap(None, 4096, PROT_READ, MAP_PRIVATE, fd, 0), daemon=True).start()
        time.sleep(600)
        """#

    @Test func aMemberHoldingTheirMemoryMapLockStallsNobody() throws {
        let run = try Sandbox(network: false, privatePIDs: false).run(
            MemberProbeSetUp.script + OtherMemberRuns.script + #"""
                ann=$(id -u ann)
                touch "$WORK/stalled"
                exec 7<>/dev/fuse
                mount -i -t fuse -o fd=7,rootmode=100000,user_id=$ann,group_id=$ann,allow_other rf-memstall "$WORK/stalled"
                python3 "$WORK/server.py" 7 "$ann" & server=$!
                # Only the server holds the connection: when it ends, every wait on it ends.
                exec 7>&-
                # Its pid is the one started here (as-user execs setpriv, env, python3); pgrep -f would
                # read its cmdline and wait as long as the daemon did.
                "$WORK/as-user" ann python3 "$WORK/trap.py" "$WORK/stalled" & trapped=$!
                sleep 1.5
                t=$(date +%s%N)
                if timeout 2 cat "/proc/$trapped/cmdline" > /dev/null; then echo "trap: cmdline answers"; else echo "trap: cmdline read waits ($(ms_since $t) ms, then timeout)"; fi
                t=$(date +%s%N)
                raw_start ann '{"version":1,"verb":"start","start":{"lists":[{"name":"games","entries":[],"programs":["rf-game-ann","appimage:Stall"]}],"length":600,"locked":false,"notify":false}}' > "$WORK/ann.json" \
                  && echo "ann's start: $(ms_since $t) ms"
                sleep 1
                bob_runs
                # ann's blocked program is still refused (by its name and file; her arguments are not read).
                another_program /usr/bin/sleep "$WORK/rf-game-ann" && chown ann: "$WORK/rf-game-ann"
                if as_user ann "$WORK/rf-game-ann" 5 2> /dev/null; then echo "ann's game: ran"; else echo "ann's game: refused"; fi
                daemon=$(daemon_pid)
                echo "daemon main thread: $(cat /proc/$daemon/wchan)"
                for task in /proc/$daemon/task/*; do echo "daemon thread wchan: $(cat "$task/wchan")"; done
                python3 -c 'import json; print("status file sessions:", len(json.load(open("/run/refocus/status.json"))["sessions"]))'
                # The connection is aborted first (the sandbox's own function): a server thread waiting on it
                # would keep the server from dying, and the wait from returning.
                sandbox_abort_fuse; kill -9 "$server"; wait "$server" 2> /dev/null || true
                """#, files: ["server.py": Array(Self.server.utf8), "trap.py": Array(Self.trap.utf8)])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("trap: cmdline read waits"), "the trap holds ann's memory-map lock: \(run.stdout)")
        #expect(
            run.number(after: ": ", onLineStarting: "ann's start").map { $0 < 5000 } == true,
            "her own start waits for the deadline once, not for the daemon's 12 s: \(run.stdout)")
        OtherMemberRuns.expectUsualTimes(run)
        #expect(run.stdout.contains("ann's game: refused"), "\(run.stdout)")
        let main = run.stdout.split(separator: "\n").first { $0.hasPrefix("daemon main thread: ") }
        #expect(
            main.map { !$0.contains("access_remote_vm") && !$0.contains("rwsem") && !$0.contains("fuse") } == true,
            "the daemon's loop waits on nothing of ann's: \(run.stdout)")
        let waitingOnAnn = run.stdout.split(separator: "\n").filter {
            $0.hasPrefix("daemon thread wchan: ") && $0.contains("access_remote_vm")
        }
        #expect(waitingOnAnn.count <= 1, "at most the one read given up waits on her: \(run.stdout)")
        #expect(run.stdout.contains("status file sessions: 4\n"), "the status file follows every start: \(run.stdout)")
    }
}
