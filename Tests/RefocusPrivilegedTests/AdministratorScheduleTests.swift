import RefocusTestSupport
import Testing

/// The administrator's schedule for one user, end to end (issue 33's first
/// must-show): `/etc/refocus/lists/games.*` and a `[[schedule]]` for `ann`
/// (the child) from this minute to the next, run by the daemon itself (no
/// crontab, no session of anyone's). At the same moment ann's lookup gets
/// the sinkhole, her connection is refused and her program dies, while
/// `bob`'s (the parent) resolve, connect and run; neither a user namespace
/// of ann's own nor bob's `refocus stop` lets her through; ann's `refocus stop` is
/// refused (77) naming the administrator, and `refocus status` tells her
/// who set it; the block holds across a restart of the daemon; and after
/// the window everything is back for her without anyone asking.
///
/// Names and addresses run in a network namespace with dnsmasq, a peer and
/// the resolver module; the program runs in the initial network and PID
/// namespaces, where the process connector works, with a list of programs
/// alone (no table).
@Suite(.enabled(if: Sandbox.isAvailable, Comment(rawValue: Sandbox.unavailableReason ?? "")))
struct AdministratorScheduleTests {
    /// Shell functions: `window LISTS` writes the schedule for ann from this
    /// minute to the next (waiting for a minute's start when less than 20 s
    /// are left of this one) and sets `$window_end`; `ann_stop` asks for her
    /// stop through the CLI and prints the status and the message.
    static let setUp =
        MemberProbeSetUp.script + #"""
            mkdir -p /etc/refocus/lists /etc/refocus/schedules.d
            window() {
              local second=$(( 10#$(date +%S) ))
              if [ "$second" -gt 40 ]; then sleep $(( 61 - second )); fi
              window_end=$(( ($(date +%s) / 60 + 1) * 60 ))
              printf '[[schedule]]\nname = "school-nights"\nusers = ["ann"]\nlists = ["games"]\nwhen = "%s-%s"\n' \
                "$(date +%H:%M)" "$(date -d "@$window_end" +%H:%M)" > /etc/refocus/schedules.d/family.toml
              return 0
            }
            ann_stop() {
              local status=0
              as_user ann "$B/refocus" stop > "$WORK/stop.out" 2>&1 || status=$?
              echo "ann stop: $status $(sed 's/until [0-9:]*/until HH:MM/' "$WORK/stop.out" | tr '\n' ' ')"
            }
            after_window() { while [ "$(date +%s)" -lt "$window_end" ]; do sleep 0.5; done; sleep 1.5; }

            """#

    @Test func namesAndAddressesAreBlockedForTheChildAloneUntilTheWindowEnds() throws {
        if let reason = BuiltResolverModule.unavailableReason { try Test.cancel(Comment(rawValue: reason)) }
        let sandbox = Sandbox(
            dns: [Sandbox.Record("games.test", "198.51.100.5")], peerAddresses: ["198.51.100.5"],
            resolverModule: BuiltResolverModule.path)
        let run = try sandbox.run(
            Self.setUp + ResolverModuleSetUp.functions + #"""
                user_connect() { as_user "$1" bash -c "$(declare -f connect); connect $2"; }
                looked_up() { as_user "$1" getent ahostsv4 games.test | head -1 | awk '{print $1}'; }
                both() {
                  for user in ann bob; do
                    echo "$1 $user: $(looked_up $user) $(user_connect $user 198.51.100.5)"
                  done
                  return 0
                }
                daemon_pid() { tr -d '\n' < /run/refocus/daemon.lock; }
                printf 'games.test\n198.51.100.5\n' > /etc/refocus/lists/games.domains
                both before
                window
                "$B/refocus-helper" reconcile > /dev/null
                both during
                # Ways out: a user namespace of her own (root in it), and the parent's stop.
                echo "ann unshared: $(as_user ann unshare -r getent ahostsv4 games.test | head -1 | awk '{print $1}') $(as_user ann unshare -r bash -c "$(declare -f connect); connect 198.51.100.5")"
                bob_stop=0; as_user bob "$B/refocus" stop > /dev/null 2>&1 || bob_stop=$?
                echo "bob's stop: $bob_stop (he has no session, and hers is not his)"
                both "after bob's stop"
                ann_stop
                as_user ann "$B/refocus" status | sed 's/until [0-9:]*/until HH:MM/' | grep -i administrator
                echo "bob's status: $(as_user bob "$B/refocus" status | grep -ci administrator || true)"
                echo "sessions in the store: $(SUDO_UID=0 "$B/refocus" status --json | python3 -c 'import json, sys; print(len(json.load(sys.stdin)["sessions"]))')"
                echo "in the hosts section: $(section | grep -c games.test || true)"
                echo "skuid rule: $(nft list table inet refocus | grep -c "meta skuid $(id -u ann)" || true)"
                kill "$(daemon_pid)"
                for _ in $(seq 50); do [ -e /run/refocus/daemon.sock ] || break; sleep 0.1; done
                "$B/refocus-helper" daemon & sleep 1
                both restarted
                after_window
                both after
                # Root's report counts ann's refused connections: during, unshared, after bob's stop, restarted.
                "$B/refocus-helper" report --since 1h --json | python3 -c 'import json, sys; r = json.load(sys.stdin); print("report refused:", [(u["name"], s["refused"]) for u in r["users"] for s in u["schedules"]])'
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        for fact in [
            "before ann: 198.51.100.5 connected", "before bob: 198.51.100.5 connected",
            "during ann: 192.0.2.1 refused", "during bob: 198.51.100.5 connected",
            "ann unshared: 192.0.2.1 refused", "bob's stop: 66 (he has no session, and hers is not his)",
            "after bob's stop ann: 192.0.2.1 refused",
            "restarted ann: 192.0.2.1 refused", "restarted bob: 198.51.100.5 connected",
            "after ann: 198.51.100.5 connected", "after bob: 198.51.100.5 connected",
            "bob's status: 0", "sessions in the store: 0", "in the hosts section: 0",
            "report refused: [('ann', 4)]",
        ] {
            #expect(run.stdout.contains(fact + "\n"), "\(fact): \(run.stdout)")
        }
        #expect(
            run.stdout.contains(
                "ann stop: 77 refocus: the administrator's session school-nights (games) blocks for you until HH:MM; "
                    + "it is set by the administrator, and only they can change it (/etc/refocus/schedules.d)"),
            "\(run.stdout)")
        #expect(
            run.stdout.contains(
                "Blocking for you: school-nights (games), set by the administrator until HH:MM, locked."),
            "\(run.stdout)")
        #expect(!run.stdout.contains("skuid rule: 0\n"), "the table refuses ann's sockets alone: \(run.stdout)")
    }

    @Test func theChildsProgramDiesWhileTheParentsRuns() throws {
        let run = try Sandbox(network: false, privatePIDs: false).run(
            Self.setUp + #"""
                victim="rf-s$RANDOM$RANDOM"
                another_program /bin/sleep "$WORK/$victim"; chmod 755 "$WORK/$victim"
                printf '%s\n' "$victim" > /etc/refocus/lists/games.programs
                window
                "$B/refocus-helper" reconcile > /dev/null
                as_user bob "$WORK/$victim" 30 & bob_run=$!
                sleep 0.5
                as_user ann "$WORK/$victim" 30 2> /dev/null && echo "ann's run: survived" || echo "ann's run: ended"
                kill -0 $bob_run && echo "bob's run: alive"
                ann_stop
                after_window
                as_user ann "$WORK/$victim" 0.2 && echo "ann's run after: ran"
                kill $bob_run || true
                # Root's report: ann's window, enforced from the first reconcile to the window's end.
                "$B/refocus-helper" report --since 1h --json > "$WORK/report.json"
                python3 - "$WORK/report.json" "$window_end" <<'PY'
                import json, sys, datetime
                report = json.load(open(sys.argv[1]))
                for user in report["users"]:
                    for schedule in user["schedules"]:
                        window = schedule["windows"][-1]
                        until = datetime.datetime.fromisoformat(window["enforcedUntil"].replace("Z", "+00:00")).timestamp()
                        print("report:", user["name"], schedule["name"], ",".join(schedule["lists"]), len(schedule["windows"]),
                              "enforced until the end" if until == int(sys.argv[2]) else "enforced until %d, not %s" % (until, sys.argv[2]),
                              "for 15 s or more" if schedule["enforcedSeconds"] >= 15 else "briefly: %d s" % schedule["enforcedSeconds"],
                              "stopped %d" % schedule["programsStopped"])
                PY
                "$B/refocus-helper" report --since 1h | sed -n 3,4p | sed -E 's/[0-9]+[hms]//g; s/[0-9-]+ [0-9:]+ to [0-9:]+: enforced [0-9:]+-[0-9:]+/WINDOW/'
                printf 'ann: '; as_user ann sudo -n "$B/refocus-helper" report > /dev/null 2>&1 || echo "$?"
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        for fact in [
            "ann's run: ended", "bob's run: alive", "ann's run after: ran",
            "report: ann school-nights games 1 enforced until the end for 15 s or more stopped 1",
            "  school-nights (games): 1 window,  enforced, 1 program stopped", "    WINDOW, 1 program stopped",
            "ann: 77",
        ] {
            #expect(run.stdout.contains(fact + "\n"), "\(fact): \(run.stdout)")
        }
        #expect(run.stdout.contains("ann stop: 77 refocus: the administrator's session school-nights"), "\(run.stdout)")
    }
}
