import RefocusTestSupport
import Testing

/// The daemon's program blocker end to end: a session of programs only (no
/// table, no hosts section) started for a test user (created in the
/// sandbox's overlay of /etc) through the helper, in the
/// initial network and PID namespaces where the process connector works
/// (with a private mount namespace), and in a PID namespace where the daemon
/// falls back to scanning /proc. Each victim is a copy of `sleep` or a
/// script under a unique name, run by the test.
@Suite(.enabled(if: Sandbox.isAvailable, Comment(rawValue: Sandbox.unavailableReason ?? "")))
struct DaemonProgramTests {
    static let setUp = """
        chmod 755 "$WORK"
        mount -t tmpfs tmpfs /var/log  # useradd writes lastlog and faillog there
        useradd --no-log-init --no-create-home --user-group --shell /usr/sbin/nologin rf-tester
        tester=$(id -u rf-tester)
        victim="rf-v$RANDOM$RANDOM"
        another_program /bin/sleep "$WORK/$victim"
        as_tester() { setpriv --reuid=$tester --regid=$tester --init-groups "$@"; }
        block() {
          printf '{"version":1,"verb":"start","start":{"lists":[{"name":"games","entries":[],"programs":["%s"]}],"length":%s,"locked":false}}' "$1" "$2" \\
            | SUDO_UID=$tester "$BIN/refocus-helper" start > /dev/null
        }
        # ms_since START_NS
        ms_since() { echo $(( ($(date +%s%N) - $1) / 1000000 )); }
        """

    /// With the exec guard off (`exec_permission = false` in the policy;
    /// `ExecPermissionTests` has it on), the process connector kills the
    /// owner's program at exec.
    @Test func aBlockedProgramDiesAtExecAndOnlyForItsOwner() throws {
        let run = try Sandbox(network: false, privatePIDs: false).run(
            Self.setUp + """

                echo 'exec_permission = false' >> /etc/refocus/policy.toml
                block "$victim" 60
                jq_mode=$(python3 -c 'import json; print(json.load(open("/run/refocus/status.json"))["counts"]["programBlocking"])')
                echo "mode: $jq_mode"
                start=$(date +%s%N)
                as_tester "$WORK/$victim" 30 && echo "survived" || echo "owner's run ended: $? after $(ms_since $start) ms"
                setpriv --reuid=65534 --regid=65534 --clear-groups "$WORK/$victim" 30 & other=$!
                "$WORK/$victim" 30 & root=$!
                sleep 0.3
                kill -0 $other && echo "another uid's run survives"
                kill -0 $root && echo "root's run survives"
                kill $other $root
                sleep 0.2
                python3 -c 'import json; print("killed:", json.load(open("/run/refocus/status.json"))["sessions"][0]["programsKilled"])'
                """)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("mode: exec-events"), "\(run.stdout)")
        #expect(run.stdout.contains("owner's run ended: 137"), "SIGKILL: \(run.stdout)")
        let milliseconds = run.number(after: "after ", onLineStarting: "owner's run ended")
        #expect(milliseconds.map { $0 <= 100 } == true, "killed within 100 ms of exec: \(run.stdout)")
        #expect(run.stdout.contains("another uid's run survives"), "\(run.stdout)")
        #expect(run.stdout.contains("root's run survives"), "\(run.stdout)")
        #expect(run.stdout.contains("killed: 1"), "\(run.stdout)")
    }

    @Test func aRunningProgramGetsTermThenKillAndTheOwnerIsTold() throws {
        let run = try Sandbox(network: false, privatePIDs: false).run(
            Self.setUp + """

                # A fake notify-send (an overlay on /usr/bin, this mount namespace only) records who ran it.
                mkdir -p "$WORK/bin-upper" "$WORK/bin-work"
                mount -t overlay overlay -o lowerdir=/usr/bin,upperdir="$WORK/bin-upper",workdir="$WORK/bin-work" /usr/bin
                printf '#!/bin/sh\\necho "uid=$(id -u) gid=$(id -g) groups=$(id -G) bus=$DBUS_SESSION_BUS_ADDRESS args=$*" >> %s/notified\\n' "$WORK" > /usr/bin/notify-send
                chmod 755 /usr/bin/notify-send
                touch "$WORK/notified"; chmod 666 "$WORK/notified"
                mkdir -p /run/user/$tester && touch /run/user/$tester/bus
                stubborn="rf-s$RANDOM$RANDOM"
                # It forks nothing (a fork would carry its name until it execs): it waits on a FIFO.
                mkfifo "$WORK/fifo"; chmod 666 "$WORK/fifo"
                printf '#!/bin/bash\\ntrap "echo TERM >> %s/terms" TERM\\nexec 3<> %s/fifo\\nwhile :; do read -t 0.05 -u 3 || true; done\\n' "$WORK" "$WORK" > "$WORK/$stubborn"
                chmod 755 "$WORK/$stubborn"; touch "$WORK/terms"; chmod 666 "$WORK/terms"
                as_tester "$WORK/$stubborn" & pid=$!
                sleep 0.3
                start=$(date +%s%N)
                block "$stubborn" 60
                sleep 1
                kill -0 $pid 2> /dev/null && echo "alive after 1 s, TERMs: $(wc -l < "$WORK/terms")"
                wait $pid || echo "ended: $? after $(ms_since $start) ms"
                sleep 0.3
                sed "s/$tester/TESTER/g" "$WORK/notified"
                """)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("alive after 1 s, TERMs: 1"), "TERM first, ignored: \(run.stdout)")
        #expect(run.stdout.contains("ended: 137"), "then SIGKILL: \(run.stdout)")
        #expect(
            run.stdout.contains("uid=TESTER gid=TESTER groups=TESTER bus=unix:path=/run/user/TESTER/bus"),
            "the owner is told, as the owner: \(run.stdout)")
        #expect(run.stdout.contains("ReFocus blocked rf-s"), "\(run.stdout)")
    }

    /// In a PID namespace of its own, without the exec guard (off in the
    /// policy: it works there too), the daemon scans /proc.
    @Test func withoutTheConnectorTheDaemonScansProcEverySecond() throws {
        let run = try Sandbox(network: false).run(
            Self.setUp + """

                echo 'exec_permission = false' >> /etc/refocus/policy.toml
                block "$victim" 60
                python3 -c 'import json; print("mode:", json.load(open("/run/refocus/status.json"))["counts"]["programBlocking"])'
                "$BIN/refocus" status --format plain | grep -o "checked once a second"
                start=$(date +%s%N)
                as_tester "$WORK/$victim" 30 && echo "survived" || echo "ended: $? after $(ms_since $start) ms"
                """)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("mode: proc-scan"), "\(run.stdout)")
        #expect(run.stdout.contains("checked once a second"), "refocus status says so: \(run.stdout)")
        let milliseconds = run.number(after: "after ", onLineStarting: "ended: 137")
        #expect(milliseconds.map { $0 <= 1500 } == true, "killed by the next scan: \(run.stdout)")
    }
}
