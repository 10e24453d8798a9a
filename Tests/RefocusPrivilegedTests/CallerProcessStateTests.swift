import RefocusTestSupport
import Testing

/// A member who runs the helper from a crippled shell, through the real
/// sudo: `nice 19`, `chrt --idle 0`, `taskset -c 0`, `ionice -c 3`,
/// `oom_score_adj` 1000 and a file size limit. Neither the helper nor the
/// daemon it starts keeps any of it; and a hard limit that root here cannot
/// raise (no CAP_SYS_RESOURCE, as in many containers) starts no daemon, so
/// another member's large start still writes /etc/hosts.
@Suite(.enabled(if: SudoTools.unavailableReason == nil, Comment(rawValue: SudoTools.unavailableReason ?? "")))
struct CallerProcessStateTests {
    static let setUp =
        MemberIsolationTests.setUp + #"""
            # state NAME PID: its scheduling policy (0 SCHED_OTHER, 5 SCHED_IDLE), nice, CPUs, OOM score, I/O class, file size limit.
            state() {
              echo "$1 policy: $(awk '/^policy/ {print $3}' "/proc/$2/sched")"
              echo "$1 nice: $(sed 's/.*) //' "/proc/$2/stat" | awk '{print $17}')"
              echo "$1 cpus: $(awk '/^Cpus_allowed_list/ {print $2}' "/proc/$2/status")"
              echo "$1 oom_score_adj: $(cat "/proc/$2/oom_score_adj")"
              echo "$1 ioprio: $(ionice -p "$2")"
              echo "$1 file size: $(awk '/^Max file size/ {print $4, $5}' "/proc/$2/limits")"
            }
            crippled="echo 1000 > /proc/self/oom_score_adj; ulimit $limit -f 1; exec nice -n 19 chrt --idle 0 taskset -c 0 ionice -c 3"
            echo "machine cpus: $(cat /sys/devices/system/cpu/online)"

            """#

    @Test func theCallersSchedulingReachesNeitherTheHelperNorTheDaemon() throws {
        let run = try Sandbox().run(
            Self.setUp + #"""
                member ann
                as_user ann "$B/refocus" list add focus social.test > /dev/null
                as_user ann sh -c "$crippled cat /proc/self/sched" | awk '/^policy/ {print "caller policy:", $3}'
                # The helper, while it waits for a request that never comes.
                as_user ann sh -c "$crippled sudo -n \"\$0\" status" "$B/refocus-helper" < <(sleep 1000) > /dev/null 2>&1 &
                # A SCHED_IDLE caller pinned to one CPU may wait long on a loaded machine: up to a minute each.
                for _ in $(seq 1200); do helper=$(pgrep -f "^$B/refocus-helper status" || true); [ -n "$helper" ] && break; sleep 0.05; done
                echo "helper found: ${helper:+yes}"
                # It resets its state before it reads the request: read it once it waits in poll(2) on standard input.
                for _ in $(seq 1200); do call=$(cut -d' ' -f1 "/proc/$helper/syscall" 2> /dev/null || true); [ "$call" = 7 ] && break; sleep 0.05; done
                echo "helper waits in: $(cut -d' ' -f1 "/proc/$helper/syscall")"
                state helper "$helper"
                # A start from the same shell: the daemon it starts.
                status=0
                as_user ann sh -c "$crippled \"\$0\" start --list focus 10m" "$B/refocus" > "$WORK/out" 2>&1 || status=$?
                echo "start: $status"; cat "$WORK/out"
                state daemon "$(tr -d '\n' < /run/refocus/daemon.lock)"
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("caller policy: 5\n"), "the caller really runs SCHED_IDLE: \(run.stdout)")
        #expect(run.stdout.contains("start: 0\n"), "\(run.stdout)")
        #expect(run.stdout.contains("helper found: yes\n"), "\(run.stdout)")
        #expect(
            run.stdout.contains("helper waits in: 7\n"), "the helper waits in poll(2) for its request: \(run.stdout)")
        let cpus = try #require(
            run.stdout.split(separator: "\n").first { $0.hasPrefix("machine cpus: ") }?.dropFirst(14))
        for process in ["helper", "daemon"] {
            for fact in [
                "policy: 0", "nice: 0", "cpus: \(cpus)", "oom_score_adj: 0", "ioprio: none: prio 0",
                "file size: unlimited unlimited",
            ] {
                #expect(run.stdout.contains("\(process) \(fact)\n"), "\(process) \(fact): \(run.stdout)")
            }
        }
    }

    @Test func aHardLimitRootCannotRaiseStartsNoDaemonAndAnothersLargeStartWritesHosts() throws {
        let run = try Sandbox().run(
            Self.setUp + #"""
                member ann; member bob
                # bob's 2,000 names (12,000 with subdomains) go to the hosts section: no resolver module here.
                mkdir -p /etc/refocus; echo 'max_hosts_names_per_machine = 100000' >> /etc/refocus/policy.toml
                if [ -z "$limit" ]; then echo "root may raise hard limits"; fi
                as_user ann "$B/refocus" list add focus social.test > /dev/null
                # 128 KiB, soft and hard: the store's writes fit, a large hosts section does not.
                status=0
                as_user ann bash -c 'ulimit -f 128; exec "$0" start --list focus 10m' "$B/refocus" > "$WORK/out" 2>&1 || status=$?
                echo "ann's start: $status"; cat "$WORK/out"
                lock_holder=$(tr -d '\n' < /run/refocus/daemon.lock 2> /dev/null || true)
                if [ -n "$lock_holder" ] && kill -0 "$lock_holder" 2> /dev/null; then
                  echo "daemon after ann: $(awk '/^Max file size/ {print $4, $5}' "/proc/$lock_holder/limits")"
                else
                  echo "daemon after ann: none"
                fi
                python3 -c 'import json; print(json.dumps({"version":1,"verb":"start","start":{"lists":[{"name":"big","entries":["bob-site%d.test" % i for i in range(2000)],"programs":[]}],"length":600,"locked":False,"notify":False}}))' > "$WORK/big.json"
                status=0
                as_user bob sudo -n "$B/refocus-helper" start < "$WORK/big.json" > "$WORK/bob.json" 2>&1 || status=$?
                echo "bob's start: $status"; grep -o '"message":"[^"]*' "$WORK/bob.json" || true
                echo "hosts over 128 KiB: $(( $(stat -c %s /etc/hosts) > 131072 ))"
                grep -q 'bob-site1999\.test' /etc/hosts && echo "bob-site1999 in hosts"
                echo "daemon: $(awk '/^Max file size/ {print $4, $5}' "/proc/$(tr -d '\n' < /run/refocus/daemon.lock)/limits")"
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        if run.stdout.contains("root may raise hard limits") {
            #expect(run.stdout.contains("ann's start: 0\n"), "\(run.stdout)")
            #expect(run.stdout.contains("daemon after ann: unlimited unlimited\n"), "\(run.stdout)")
        } else {
            #expect(run.stdout.contains("ann's start: 71\n"), "\(run.stdout)")
            #expect(run.stdout.contains("RLIMIT_FSIZE is 131072, below its default (unlimited)"), "\(run.stdout)")
            #expect(run.stdout.contains("daemon after ann: none\n"), "no daemon with ann's limit: \(run.stdout)")
        }
        for fact in ["bob's start: 0", "hosts over 128 KiB: 1", "bob-site1999 in hosts", "daemon: unlimited unlimited"]
        {
            #expect(run.stdout.contains(fact + "\n"), "\(fact): \(run.stdout)")
        }
    }
}
