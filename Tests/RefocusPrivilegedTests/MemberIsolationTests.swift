import Foundation
import RefocusTestSupport
import Testing

/// What one member of the group refocus can do to the others through the
/// real sudo: not run or take over the daemon, not stall everyone's helper
/// runs by never sending a request, and not pass their umask, limits,
/// working directory or ignored signals on to the helper or the daemon.
/// Users, the group and its sudo rule are made inside the sandbox (see
/// `SudoPathTests`); there is no systemd there, so helper runs start the
/// daemon themselves.
@Suite(.enabled(if: SudoTools.unavailableReason == nil, Comment(rawValue: SudoTools.unavailableReason ?? "")))
struct MemberIsolationTests {
    static let setUp =
        SudoPathTests.setUp + #"""
            groupadd refocus
            allow "%refocus ALL=(root) NOPASSWD: $B/refocus-helper"
            member() { add_user "$1"; usermod -aG refocus "$1"; }
            ms_since() { echo $(( ($(date +%s%N) - $1) / 1000000 )); }
            # Root undoes a lowered hard limit only with CAP_SYS_RESOURCE, which a container's root may lack:
            # there, the caller lowers soft limits only (what any caller can do, and the helper can always undo).
            if (( (0x$(awk '/^CapEff/ {print $2}' /proc/self/status) >> 24) & 1 )); then limit=""; else limit="-S"; fi
            # ignored PID: which of SIGHUP (1), SIGINT (2), SIGPIPE (13) and SIGTERM (15) the process ignores.
            ignored() {
              local mask=$((16#$(awk '/^SigIgn/ {print $2}' "/proc/$1/status"))) found=""
              for signal in 1 2 13 15; do (( (mask >> (signal - 1)) & 1 )) && found="$found $signal"; done
              echo "ignores:${found:- none}"
            }
            start_request='{"version":1,"verb":"start","start":{"lists":[{"name":"focus","entries":["social.test"],"programs":[]}],"length":600,"locked":false}}'

            """#

    @Test func aMemberCannotRunOrTakeOverTheDaemon() throws {
        let run = try Sandbox().run(
            Self.setUp + #"""
                member ann
                as_user ann "$B/refocus" list add focus social.test > /dev/null
                as_user ann "$B/refocus" start --list focus 10m > /dev/null
                first=$(tr -d '\n' < /run/refocus/daemon.lock)
                kill -0 "$first" && echo "daemon pid recorded"
                for arguments in "daemon --take-over" "daemon"; do
                  status=0
                  as_user ann timeout 20 sudo -n "$B/refocus-helper" $arguments > "$WORK/out" 2> "$WORK/err" || status=$?
                  echo "$arguments: status $status, stderr $(wc -l < "$WORK/err") line"
                  cat "$WORK/err"
                done
                [ "$(tr -d '\n' < /run/refocus/daemon.lock)" = "$first" ] && kill -0 "$first" && echo "the same daemon runs"
                [ "$(pgrep -c -f "refocus-helper daemon")" = 1 ] && echo "one daemon"
                SUDO_UID=0 timeout 20 "$B/refocus-helper" daemon 2> /dev/null || echo "root through sudo: $?"
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("daemon pid recorded"), "\(run.stdout)")
        let refusal =
            "refocus-helper: only root itself runs the enforcer daemon (refocus.service, or the first helper "
            + "run starts it), not a user through sudo\n"
        #expect(run.stdout.contains("daemon --take-over: status 77, stderr 1 line\n" + refusal), "\(run.stdout)")
        #expect(run.stdout.contains("daemon: status 77, stderr 1 line\n" + refusal), "\(run.stdout)")
        #expect(run.stdout.contains("the same daemon runs"), "\(run.stdout)")
        #expect(run.stdout.contains("one daemon"), "\(run.stdout)")
        #expect(run.stdout.contains("root through sudo: 77"), "\(run.stdout)")
    }

    @Test func aRequestThatNeverComesStallsNobodyAndEndsAfterTheReadDeadline() throws {
        let run = try Sandbox().run(
            Self.setUp + #"""
                member ann; member bob
                as_user bob "$B/refocus" list add focus social.test > /dev/null
                # ann's helper waits for a request that never comes, and another that trickles in too slowly.
                (t=$(date +%s%N); status=0
                 as_user ann sudo -n "$B/refocus-helper" status < <(sleep 1000) > "$WORK/stalled.out" 2>&1 || status=$?
                 echo "stalled: status $status after $(ms_since $t) ms" > "$WORK/stalled") &
                (t=$(date +%s%N); status=0
                 as_user ann sudo -n "$B/refocus-helper" status < <(printf '{"version":1,'; sleep 14; printf '"verb":"status"}') \
                   > "$WORK/slow.out" 2>&1 || status=$?
                 echo "slow: status $status after $(ms_since $t) ms" > "$WORK/slow") &
                sleep 1
                pgrep -f "^$B/refocus-helper status" > /dev/null && echo "ann's helpers are waiting"
                t=$(date +%s%N); status=0
                as_user bob timeout 30 "$B/refocus" start --list focus 10m > /dev/null || status=$?
                echo "bob's start: status $status after $(ms_since $t) ms"
                for _ in $(seq 300); do [ -s "$WORK/stalled" ] && [ -s "$WORK/slow" ] && break; sleep 0.1; done
                cat "$WORK/stalled" "$WORK/stalled.out" "$WORK/slow" "$WORK/slow.out"
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("ann's helpers are waiting"), "\(run.stdout)")
        let bob = run.number(after: "after ", onLineStarting: "bob's start: status 0 after ")
        #expect(bob.map { $0 < 5000 } == true, "bob's start does not wait for ann's request: \(run.stdout)")
        for name in ["stalled", "slow"] {
            let milliseconds = run.number(after: "after ", onLineStarting: "\(name): status 65 after ")
            #expect(
                milliseconds.map { (9500..<13_000).contains($0) } == true,
                "\(name) gives up after the 10 s read deadline: \(run.stdout)")
        }
        #expect(run.stdout.contains(#""code":"bad-request""#), "\(run.stdout)")
        #expect(run.stdout.contains("the request did not arrive within 10 s"), "\(run.stdout)")
    }

    @Test func theCallersUmaskAndLimitsDoNotReachTheFilesOrTheDaemon() throws {
        let run = try Sandbox().run(
            Self.setUp + #"""
                member ann
                rm -rf /run/refocus
                as_user ann "$B/refocus" list add focus social.test > /dev/null
                status=0
                as_user ann sh -c "umask 077; ulimit $limit -n 20; ulimit $limit -f 1; exec \"\$0\" start --list focus 10m" \
                  "$B/refocus" > "$WORK/out" 2>&1 || status=$?
                echo "start: $status"; cat "$WORK/out"
                stat -c 'run dir: %a %U' /run/refocus
                stat -c 'lib dir: %a %U' /var/lib/refocus
                stat -c 'status file: %a %U:%G' /run/refocus/status.json
                daemon=$(pgrep -f "refocus-helper daemon" | head -1)
                grep -E '^Umask:' "/proc/$daemon/status" | sed 's/^/daemon /'
                echo "daemon $(ignored "$daemon")"
                echo "daemon cwd: $(readlink "/proc/$daemon/cwd")"
                grep -E '^Max (open files|file size|core file size|stack size)' "/proc/$daemon/limits" | sed -E 's/ +/ /g; s/ $//; s/^/daemon /'
                # Without any sudo rights, ann's status comes from the status file alone.
                rm /etc/sudoers.d/refocus-test
                as_user ann "$B/refocus" status --json > "$WORK/status.json" 2>&1 && echo "status without sudo"
                python3 -c 'import json, sys; print("sessions:", len(json.load(open(sys.argv[1]))["sessions"]))' "$WORK/status.json"
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("start: 0\n"), "\(run.stdout)")
        for fact in [
            "run dir: 755 root", "lib dir: 700 root", "status file: 640 root:refocus", "daemon Umask:\t0022",
            "daemon ignores: 13", "daemon cwd: /", "daemon Max file size unlimited unlimited bytes",
            "daemon Max stack size 8388608 unlimited bytes",
            "status without sudo", "sessions: 1",
        ] {
            #expect(run.stdout.contains(fact + "\n"), "\(fact): \(run.stdout)")
        }
        // Hard limits are raised only where root has CAP_SYS_RESOURCE: the soft ones are what a process uses.
        #expect(run.stdout.contains("daemon Max open files 1024 "), "\(run.stdout)")
        #expect(run.stdout.contains("daemon Max core file size 0 "), "\(run.stdout)")
    }

    @Test func theHelperStartsFromDefaultsWhateverTheCallersShellSet() throws {
        let run = try Sandbox().run(
            Self.setUp + #"""
                member ann
                chmod 700 /run/refocus
                # The helper reads its request for up to 10 s: time enough to look at it.
                shell="cd \"\$HOME\"; umask 077; ulimit $limit -n 20; ulimit $limit -f 1; ulimit $limit -s 1024; trap '' HUP TERM INT"
                as_user ann sh -c "$shell; exec sudo -n \"\$0\" status" "$B/refocus-helper" < <(sleep 1000) > /dev/null 2>&1 &
                for _ in $(seq 100); do helper=$(pgrep -f "^$B/refocus-helper status" || true); [ -n "$helper" ] && break; sleep 0.05; done
                sleep 0.3
                grep -E '^(Umask|SigBlk):' "/proc/$helper/status" | sed 's/^/helper /'
                echo "helper $(ignored "$helper")"
                echo "helper cwd: $(readlink "/proc/$helper/cwd")"
                grep -E '^Max (open files|file size|stack size)' "/proc/$helper/limits" | sed -E 's/ +/ /g; s/ $//; s/^/helper /'
                # A start from the same shell: the daemon it starts, and /run/refocus.
                printf '%s' "$start_request" > "$WORK/start.json"
                as_user ann timeout -s KILL 60 sh -c "$shell; exec sudo -n \"\$0\" start" "$B/refocus-helper" < "$WORK/start.json" \
                  > /dev/null && echo "started"
                stat -c 'run dir: %a' /run/refocus
                daemon=$(pgrep -f "refocus-helper daemon" | head -1)
                grep -E '^Umask:' "/proc/$daemon/status" | sed 's/^/daemon /'
                echo "daemon $(ignored "$daemon")"
                echo "daemon cwd: $(readlink "/proc/$daemon/cwd")"
                kill -TERM "$daemon"
                for _ in $(seq 100); do kill -0 "$daemon" 2> /dev/null || break; sleep 0.05; done
                kill -0 "$daemon" 2> /dev/null || echo "the daemon ends on SIGTERM"
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        for fact in [
            "helper Umask:\t0022", "helper ignores: 13", "helper SigBlk:\t0000000000000000",
            "helper cwd: /", "helper Max file size unlimited unlimited bytes",
            "helper Max stack size 8388608 unlimited bytes", "started", "run dir: 755", "daemon Umask:\t0022",
            "daemon ignores: 13", "daemon cwd: /", "the daemon ends on SIGTERM",
        ] {
            #expect(run.stdout.contains(fact + "\n"), "\(fact): \(run.stdout)")
        }
        #expect(run.stdout.contains("helper Max open files 1024 "), "\(run.stdout)")
    }
}
