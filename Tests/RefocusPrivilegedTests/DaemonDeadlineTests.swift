import Foundation
import RefocusTestSupport
import Testing

/// Nothing waits without a deadline between helper runs and the daemon: a
/// daemon whose standard error nobody reads keeps working.
@Suite(.enabled(if: SudoTools.unavailableReason == nil, Comment(rawValue: SudoTools.unavailableReason ?? "")))
struct DaemonDeadlineTests {
    static let sandbox = Sandbox(dns: [Sandbox.Record("social.test", "192.0.2.2")], peerAddresses: ["192.0.2.2", "192.0.2.3"])

    static let setUp = MemberIsolationTests.setUp + #"""
        mkdir -p /etc/refocus && printf 'min_session = "1s"\nresolve_timeout_ms = 100\n' > /etc/refocus/policy.toml
        cp /etc/hosts "$WORK/hosts.before"
        export XDG_CONFIG_HOME="$WORK/config" REFOCUS_HELPER="$B/refocus-helper"
        "$B/refocus" list add focus social.test > /dev/null
        "$B/refocus" list add more 192.0.2.3 other.test > /dev/null
        wait_until() { for _ in $(seq 600); do "$@" > /dev/null 2>&1 && return 0; sleep 0.01; done; return 1; }
        daemon_pid() { tr -d '\n' < /run/refocus/daemon.lock; }
        # timed NAME COMMAND...: runs it, printing "NAME: status N after M ms" and what it printed.
        timed() {
          local name=$1; shift; local t=$(date +%s%N) status=0
          timeout 60 "$@" > "$WORK/timed.out" 2>&1 || status=$?
          echo "$name: status $status after $(ms_since $t) ms"; cat "$WORK/timed.out"; echo
        }

        """#

    @Test func aDaemonWhoseStandardErrorIsNeverReadKeepsWorking() throws {
        let run = try Self.sandbox.run(Self.setUp + #"""
            mkfifo "$WORK/log"
            exec 3<> "$WORK/log"
            # Fill the pipe: from now on any blocking write to it waits forever.
            python3 -c '
            import os
            fd, filled = os.open("/proc/self/fd/3", os.O_WRONLY | os.O_NONBLOCK), 0
            for size in (4096, 1):
                try:
                    while True: filled += os.write(fd, b"x" * size)
                except BlockingIOError: pass
            print("pipe filled:", filled > 0)'
            "$B/refocus-helper" daemon 2>&3 &
            wait_until test -S /run/refocus/daemon.sock
            started=$(date +%s%N)
            timed "start" "$B/refocus" start --list focus 2s
            wait_until cmp -s /etc/hosts "$WORK/hosts.before" && echo "lifted after $(ms_since $started) ms"
            timed "reconcile" "$B/refocus-helper" reconcile
            # Empty the pipe; the next lines get through, after the count of those dropped.
            drain() { python3 -c '
            import os, sys
            fd, data = os.open("/proc/self/fd/3", os.O_RDONLY | os.O_NONBLOCK), b""
            try:
                while True:
                    chunk = os.read(fd, 65536)
                    if not chunk: break
                    data += chunk
            except BlockingIOError: pass
            sys.stdout.write(data.decode(errors="replace").lstrip("x"))'; }
            drain > /dev/null
            "$B/refocus" start --list focus 1s > /dev/null
            wait_until cmp -s /etc/hosts "$WORK/hosts.before"
            sleep 0.2
            drain
            """#)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("pipe filled: True"), "\(run.stdout)")
        #expect(run.number(after: "after ", onLineStarting: "start: status 0 after ").map { $0 < 3000 } == true,
                "\(run.stdout)")
        #expect(run.number(after: "after ", onLineStarting: "lifted after ").map { $0 < 4000 } == true,
                "the daemon ends the 2 s session on time: \(run.stdout)")
        #expect(run.number(after: "after ", onLineStarting: "reconcile: status 0 after ").map { $0 < 3000 } == true,
                "\(run.stdout)")
        #expect(!run.stdout.contains("did not answer"), "the daemon answered every run: \(run.stdout)")
        #expect(run.stdout.contains(#"refocus-helper daemon: ("#) && run.stdout.contains(" log lines dropped)\n"),
                "\(run.stdout)")
        #expect(run.stdout.contains("refocus-helper daemon: session 2 ended at its planned end\n"), "\(run.stdout)")
    }
}
