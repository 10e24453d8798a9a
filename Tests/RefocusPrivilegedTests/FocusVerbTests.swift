import RefocusTestSupport
import Testing

/// The helper's `focus` verb through the real sudo and the shipped rule,
/// as members could send it by hand: each member gets their own ended
/// sessions only (root everyone's), `since` is honoured, unknown fields are
/// refused; and what a session blocked ends up in its stored counts: the
/// connections its firewall refused (in a private network namespace) and
/// the programs refused at exec (in the initial namespaces), counted on by
/// a daemon started after the last one was killed mid-session.
@Suite(.enabled(if: SudoTools.unavailableReason == nil, Comment(rawValue: SudoTools.unavailableReason ?? "")))
struct FocusVerbTests {
    /// `focus USER JSON`: the verb's answer, summarised by `summary`, or its exit status and code.
    static let focus = #"""
        focus() {
          local status=0
          printf '%s' "$2" | as_user "$1" sudo -n "$B/refocus-helper" focus > "$WORK/answer" || status=$?
          if [ $status != 0 ]; then echo "$1 $2: $status $(grep -o '"code":"[a-z-]*"' "$WORK/answer")"; return; fi
          echo "$1 $2: $(summary < "$WORK/answer")"
        }
        summary() {
          python3 -c 'import json, sys
        f = json.load(sys.stdin)["focus"]
        col = lambda key: [None if v == "-" else int(v) for v in f[key].split(",")] if f[key] else []
        ends = [sum(col("listCounts")[:n + 1]) for n in range(len(col("ids")))]
        lists = [[f["names"]["lists"][i] for i in col("lists")[end - count:end]] for end, count in zip(ends, col("listCounts"))]
        print("ids", col("ids"), "lists", lists, "attempts", col("attempts"), "killed", col("programsKilled"),
              "outcome", [f["names"]["outcomes"][i] for i in col("outcomes")])'
        }

        """#

    @Test func membersGetTheirOwnSessionsSinceADateAndTheirRefusedConnections() throws {
        let sandbox = Sandbox(dns: [Sandbox.Record("social.test", "192.0.2.2")], peerAddresses: ["192.0.2.2"])
        let run = try sandbox.run(
            MemberProbeSetUp.script + Self.focus + #"""
                as_user ann "$B/refocus" list add focus social.test > /dev/null
                as_user ann "$B/refocus" start --list focus 5m > /dev/null
                for attempt in 1 2 3; do echo "social.test: $(connect 192.0.2.2)"; done
                as_user ann "$B/refocus" stop > /dev/null
                as_user bob "$B/refocus" list add chat chat.test > /dev/null
                as_user bob "$B/refocus" start --list chat 5m > /dev/null
                as_user bob "$B/refocus" stop > /dev/null
                focus ann '{"version":1,"verb":"focus","focus":{}}'
                focus bob '{"version":1,"verb":"focus","focus":{}}'
                focus ann '{"version":1,"verb":"focus","focus":{"since":"2000-01-01T00:00:00Z"}}'
                focus ann '{"version":1,"verb":"focus","focus":{"since":"2999-01-01T00:00:00Z"}}'
                focus ann '{"version":1,"verb":"focus","focus":{"owner":0}}'
                focus ann '{"version":1,"verb":"focus","focus":{},"limit":5}'
                focus ann '{"version":1,"verb":"focus"}'
                echo "root: $(printf '%s' '{"version":1,"verb":"focus","focus":{}}' | "$B/refocus-helper" focus | summary)"
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("social.test: refused"), "\(run.stdout)")
        let ann = try #require(
            run.stdout.split(separator: "\n").first { $0.hasPrefix(#"ann {"version":1,"verb":"focus","focus":{}}"#) })
        #expect(ann.contains("ids [1] lists [['focus']]") && ann.contains("killed [0]"), "\(run.stdout)")
        #expect(
            run.number(after: "attempts [", onLineStarting: String(ann.prefix(40))).map { $0 >= 3 } == true,
            "the three refused connections are in ann's stored counts: \(run.stdout)")
        for line in [
            #"bob {"version":1,"verb":"focus","focus":{}}: ids [2] lists [['chat']]"#,
            #"ann {"version":1,"verb":"focus","focus":{"since":"2000-01-01T00:00:00Z"}}: ids [1]"#,
            #"ann {"version":1,"verb":"focus","focus":{"since":"2999-01-01T00:00:00Z"}}: ids [] lists []"#,
            #"ann {"version":1,"verb":"focus","focus":{"owner":0}}: 65 "code":"bad-request""#,
            #"ann {"version":1,"verb":"focus","focus":{},"limit":5}: 65 "code":"bad-request""#,
            #"ann {"version":1,"verb":"focus"}: 65 "code":"bad-request""#,
            "root: ids [1, 2] lists [['focus'], ['chat']]",
        ] {
            #expect(run.stdout.contains(line), "\(line): \(run.stdout)")
        }
    }

    @Test func programsRefusedAtExecAreInTheSessionsStoredCountsAcrossADaemonKilledMidSession() throws {
        let run = try Sandbox(network: false, privatePIDs: false).run(
            DaemonProgramTests.setUp + "\n" + Self.focus + #"""

                # The daemon of this mount namespace (others' may run in this PID namespace).
                daemon_pid() {
                  for p in /proc/[0-9]*; do
                    [ "$(readlink $p/ns/mnt)" = "$(readlink /proc/self/ns/mnt)" ] \
                      && tr '\0' ' ' < $p/cmdline 2> /dev/null | grep -q 'refocus-helper daemon' && echo "${p#/proc/}"
                  done; true
                }
                block "$victim" 60
                setpriv --reuid=$tester --regid=$tester --init-groups "$WORK/$victim" 30 && echo "survived" || echo "owner's run ended: $?"
                sleep 0.3
                # A daemon killed mid-session: the next one starts from the count the store kept.
                pid=$(daemon_pid); kill -9 $pid; while kill -0 $pid 2> /dev/null; do sleep 0.05; done
                echo '{"version":1,"verb":"status"}' | SUDO_UID=$tester "$BIN/refocus-helper" status > /dev/null
                [ -n "$(daemon_pid)" ] && echo "a new daemon runs"
                setpriv --reuid=$tester --regid=$tester --init-groups "$WORK/$victim" 30 && echo "survived" || echo "again: $?"
                sleep 0.3
                echo '{"version":1,"verb":"stop","stop":{}}' | SUDO_UID=$tester "$BIN/refocus-helper" stop > /dev/null
                echo '{"version":1,"verb":"focus","focus":{}}' | SUDO_UID=$tester "$BIN/refocus-helper" focus | summary
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("owner's run ended: 126"), "refused at exec: \(run.stdout)")
        #expect(run.stdout.contains("a new daemon runs") && run.stdout.contains("again: 126"), "\(run.stdout)")
        #expect(
            run.stdout.contains("ids [1] lists [['games']] attempts [0] killed [2] outcome ['stopped']"),
            "one kill before the daemon was killed, one after: \(run.stdout)")
    }
}
