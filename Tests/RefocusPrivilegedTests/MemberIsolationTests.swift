import Foundation
import RefocusTestSupport
import Testing

/// What one member of the group refocus can do to the others through the
/// real sudo: not run or take over the daemon, and not pass their umask,
/// limits, working directory or ignored signals on to the helper or the
/// daemon.
/// Users, the group and its sudo rule are made inside the sandbox (see
/// `SudoPathTests`); there is no systemd there, so helper runs start the
/// daemon themselves.
@Suite(.enabled(if: SudoTools.unavailableReason == nil, Comment(rawValue: SudoTools.unavailableReason ?? "")))
struct MemberIsolationTests {
    static let setUp = SudoPathTests.setUp + #"""
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
        let run = try Sandbox().run(Self.setUp + #"""
            member ann
            as_user ann "$B/refocus" list add focus social.test > /dev/null
            as_user ann "$B/refocus" start --list focus 10m > /dev/null
            first=$(pgrep -f "refocus-helper daemon")
            for arguments in "daemon --take-over" "daemon"; do
              status=0
              as_user ann timeout 20 sudo -n "$B/refocus-helper" $arguments > "$WORK/out" 2> "$WORK/err" || status=$?
              echo "$arguments: status $status, stderr $(wc -l < "$WORK/err") line"
              cat "$WORK/err"
            done
            [ "$(pgrep -f "refocus-helper daemon")" = "$first" ] && echo "the same daemon runs"
            [ "$(pgrep -c -f "refocus-helper daemon")" = 1 ] && echo "one daemon"
            SUDO_UID=0 timeout 20 "$B/refocus-helper" daemon 2> /dev/null || echo "root through sudo: $?"
            """#)
        #expect(run.status == 0, "\(run.stderr)")
        let refusal = "refocus-helper: only root itself runs the enforcer daemon (refocus.service, or the first helper "
            + "run starts it), not a user through sudo\n"
        #expect(run.stdout.contains("daemon --take-over: status 77, stderr 1 line\n" + refusal), "\(run.stdout)")
        #expect(run.stdout.contains("daemon: status 77, stderr 1 line\n" + refusal), "\(run.stdout)")
        #expect(run.stdout.contains("the same daemon runs"), "\(run.stdout)")
        #expect(run.stdout.contains("one daemon"), "\(run.stdout)")
        #expect(run.stdout.contains("root through sudo: 77"), "\(run.stdout)")
    }

    @Test func theCallersUmaskAndLimitsDoNotReachTheFilesOrTheDaemon() throws {
        let run = try Sandbox().run(Self.setUp + #"""
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
        for fact in ["run dir: 755 root", "lib dir: 700 root", "status file: 640 root:refocus", "daemon Umask:\t0022",
                     "daemon ignores: 13", "daemon cwd: /", "daemon Max file size unlimited unlimited bytes",
                     "daemon Max stack size 8388608 unlimited bytes",
                     "status without sudo", "sessions: 1"] {
            #expect(run.stdout.contains(fact + "\n"), "\(fact): \(run.stdout)")
        }
        // Hard limits are raised only where root has CAP_SYS_RESOURCE: the soft ones are what a process uses.
        #expect(run.stdout.contains("daemon Max open files 1024 "), "\(run.stdout)")
        #expect(run.stdout.contains("daemon Max core file size 0 "), "\(run.stdout)")
    }
}
