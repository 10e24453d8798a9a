import Foundation
import RefocusTestSupport
import Testing

/// Nothing waits without a deadline between helper runs and the daemon: a
/// daemon whose standard error nobody reads keeps working; a daemon frozen
/// for real (SIGSTOP) costs a helper run the answer deadline (the policy's
/// resolve_timeout_ms, here 100 ms, plus 10 s), after which the run
/// enforces by itself and says so, and root's clear kills it; a full
/// backlog costs the 2 s connect deadline; connections that send nothing do
/// not hold up the daemon; and the helpers' lock is waited for a bounded time.
@Suite(.enabled(if: SudoTools.unavailableReason == nil, Comment(rawValue: SudoTools.unavailableReason ?? "")))
struct DaemonDeadlineTests {
    static let sandbox = Sandbox(
        dns: [Sandbox.Record("social.test", "192.0.2.2")], peerAddresses: ["192.0.2.2", "192.0.2.3"])

    static let setUp =
        MemberIsolationTests.setUp + #"""
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
        let run = try Self.sandbox.run(
            Self.setUp + #"""
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
        #expect(
            run.number(after: "after ", onLineStarting: "start: status 0 after ").map { $0 < 3000 } == true,
            "\(run.stdout)")
        #expect(
            run.number(after: "after ", onLineStarting: "lifted after ").map { $0 < 4000 } == true,
            "the daemon ends the 2 s session on time: \(run.stdout)")
        #expect(
            run.number(after: "after ", onLineStarting: "reconcile: status 0 after ").map { $0 < 3000 } == true,
            "\(run.stdout)")
        #expect(!run.stdout.contains("did not answer"), "the daemon answered every run: \(run.stdout)")
        #expect(
            run.stdout.contains(#"refocus-helper daemon: ("#) && run.stdout.contains(" log lines dropped)\n"),
            "\(run.stdout)")
        #expect(run.stdout.contains("refocus-helper daemon: session 2 ended at its planned end\n"), "\(run.stdout)")
    }

    @Test func aFrozenDaemonCostsAMembersStartAndRootsClearTheirDeadlinesOnly() throws {
        let run = try Self.sandbox.run(
            Self.setUp + #"""
                member ann
                as_user ann "$B/refocus" list add focus social.test > /dev/null
                as_user ann "$B/refocus" list add more 192.0.2.3 other.test > /dev/null
                as_user ann "$B/refocus" start --list focus 10m > /dev/null
                daemon=$(daemon_pid)
                kill -STOP "$daemon" && echo "daemon frozen"
                timed "member start" "$WORK/as-user" ann "$B/refocus" start --list more 10m
                blocked other.test
                echo "while frozen: $(connect 192.0.2.2)"
                timed "clear" "$B/refocus-helper" clear
                kill -0 "$daemon" 2> /dev/null || echo "the frozen daemon is gone"
                cmp /etc/hosts "$WORK/hosts.before" && echo "hosts identical"
                nft list table inet refocus > /dev/null 2>&1 || echo "no table"
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("daemon frozen"), "\(run.stdout)")
        let start = run.number(after: "after ", onLineStarting: "member start: status 0 after ")
        #expect(start.map { (10_000..<14_000).contains($0) } == true, "the answer deadline is 10.1 s: \(run.stdout)")
        #expect(
            run.stdout.contains(
                "the enforcer daemon did not answer within 10.1 s; this run enforced the sessions "
                    + "itself"), "\(run.stdout)")
        #expect(run.stdout.contains("the firewall was not changed"), "the daemon owns the table: \(run.stdout)")
        #expect(run.stdout.contains("other.test: 100::1 192.0.2.1 \n"), "the hosts section was updated: \(run.stdout)")
        #expect(run.stdout.contains("while frozen: refused"), "the frozen daemon's table still blocks: \(run.stdout)")
        let clear = run.number(after: "after ", onLineStarting: "clear: status 0 after ")
        #expect(clear.map { (10_000..<16_000).contains($0) } == true, "\(run.stdout)")
        #expect(
            run.stdout.contains("the enforcer daemon did not answer within 10.1 s; it was killed (pid "),
            "\(run.stdout)")
        for fact in ["the frozen daemon is gone", "hosts identical", "no table"] {
            #expect(run.stdout.contains(fact), "\(run.stdout)")
        }
    }

    @Test func aFullBacklogCostsTheConnectDeadlineOnly() throws {
        let run = try Self.sandbox.run(
            Self.setUp + #"""
                "$B/refocus" start --list focus 10m > /dev/null
                daemon=$(daemon_pid)
                kill -STOP "$daemon"
                python3 -c '
                import socket, sys, time
                held = []
                for _ in range(1000):
                    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
                    s.setblocking(False)
                    try: s.connect("/run/refocus/daemon.sock")
                    except BlockingIOError: break
                    held.append(s)
                print("queued:", len(held), flush=True)
                time.sleep(1000)' > "$WORK/queued" &
                wait_until grep -q queued "$WORK/queued"; cat "$WORK/queued"
                timed "start" "$B/refocus" start --list more 10m
                blocked other.test
                timed "clear" "$B/refocus-helper" clear
                kill -0 "$daemon" 2> /dev/null || echo "the frozen daemon is gone"
                cmp /etc/hosts "$WORK/hosts.before" && echo "hosts identical"
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("queued: "), "\(run.stdout)")
        let start = run.number(after: "after ", onLineStarting: "start: status 0 after ")
        #expect(start.map { (2000..<5000).contains($0) } == true, "the connect deadline is 2 s: \(run.stdout)")
        #expect(run.stdout.contains("the enforcer daemon did not accept a connection within 2 s"), "\(run.stdout)")
        #expect(run.stdout.contains("other.test: 100::1 192.0.2.1 \n"), "\(run.stdout)")
        let clear = run.number(after: "after ", onLineStarting: "clear: status 0 after ")
        #expect(clear.map { (2000..<6000).contains($0) } == true, "\(run.stdout)")
        #expect(
            run.stdout.contains("the frozen daemon is gone") && run.stdout.contains("hosts identical"), "\(run.stdout)")
    }

    @Test func connectionsThatSendNothingDoNotHoldUpTheDaemon() throws {
        let run = try Self.sandbox.run(
            Self.setUp + #"""
                "$B/refocus" start --list focus 10m > /dev/null
                python3 -c '
                import socket, time
                held = []
                for _ in range(20):
                    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
                    s.connect("/run/refocus/daemon.sock")
                    held.append(s)
                print("silent:", len(held), flush=True)
                time.sleep(1000)' > "$WORK/silent" &
                wait_until grep -q silent "$WORK/silent"; cat "$WORK/silent"
                timed "start" "$B/refocus" start --list more 10m
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("silent: 20"), "\(run.stdout)")
        #expect(
            run.number(after: "after ", onLineStarting: "start: status 0 after ").map { $0 < 3000 } == true,
            "\(run.stdout)")
        #expect(!run.stdout.contains("did not"), "the daemon answered: \(run.stdout)")
    }

    @Test func waitingForTheHelpersLockEndsInBusy() throws {
        let run = try Sandbox(network: false).run(
            Self.setUp + #"""
                install -d -m 700 /var/lib/refocus
                flock /var/lib/refocus/lock sleep 1000 &
                wait_until sh -c "grep -q FLOCK /proc/locks"
                timed "status" "$B/refocus-helper" status <<< '{"version":1,"verb":"status"}'
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        // 3 s to start a daemon + 2 s to connect + 10.1 s for its answer + 0.1 s to resolve again + 5 s.
        let milliseconds = run.number(after: "after ", onLineStarting: "status: status 75 after ")
        #expect(milliseconds.map { (20_000..<24_000).contains($0) } == true, "\(run.stdout)")
        #expect(run.stdout.contains(#""code":"busy""#), "\(run.stdout)")
        #expect(
            run.stdout.contains(#"another helper run held \/var\/lib\/refocus\/lock for 20.2 s; try again"#),
            "\(run.stdout)")
    }
}
