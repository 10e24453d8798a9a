import RefocusTestSupport
import Testing

/// Daily allowances of programs end to end, as members through the real
/// sudo and the shipped rule, in the initial network and PID namespaces
/// where the kernel's process connector works (with a private mount
/// namespace): the daemon counts the owner's runs of the list's program (a
/// copy of `sleep` under a unique name) and, once the day's allowance is
/// used, blocks it as a locked session would (the running one is stopped,
/// the next refused), while another member's run of the same program is
/// neither counted nor touched. A lock for the day refuses a raise and a
/// removal and accepts a lower daily length. The owner is told through
/// notify-send, as the owner, when the day's allowance is used. `refocus
/// stats` shows the owner the day's use, and another member none of it.
@Suite(.enabled(if: Sandbox.isAvailable, Comment(rawValue: Sandbox.unavailableReason ?? "")))
struct DailyAllowanceSudoTests {
    static let setUp =
        MemberProbeSetUp.script + #"""
            mkdir -p /etc/refocus && echo 'min_session = "1s"' >> /etc/refocus/policy.toml
            victim="rf-a$RANDOM$RANDOM"
            another_program /bin/sleep "$WORK/$victim"
            chmod 755 "$WORK/$victim"
            # allowance USER JSON-PAYLOAD: the helper's allowance verb, through sudo; prints the status.
            allowance() {
              local status=0
              printf '{"version":1,"verb":"allowance","allowance":%s}' "$2" \
                | as_user "$1" sudo -n "$B/refocus-helper" allowance > "$WORK/answer.json" 2> "$WORK/answer.err" || status=$?
              echo "$status"
            }
            # Each allowance of the last answer: list daily used spent locked.
            answered() {
              python3 -c 'import json, sys; a = json.load(open(sys.argv[1])); [print("allowance:", x["list"], x["dailySeconds"], x["usedSeconds"], x["spent"], "lockedUntil" in x) for x in a.get("allowances", [])]; print("error:", a.get("error", {}).get("code", "-"), a.get("error", {}).get("message", "-"))' "$WORK/answer.json"
            }
            ms_since() { echo $(( ($(date +%s%N) - $1) / 1000000 )); }
            # Ann's runs of the program against an allowance of 3 s, with bob's beside them: what became of each.
            three_runs() {
              as_user bob "$WORK/$victim" 30 & local bob_run=$!
              as_user ann "$WORK/$victim" 2 && echo "first run: ended on its own" || echo "first run: $?"
              sleep 0.5
              as_user ann "$WORK/$victim" 10 && echo "second run: ended on its own" || echo "second run: $?"
              sleep 0.5
              as_user ann "$WORK/$victim" 1 2> /dev/null && echo "third run: ran" || echo "third run: refused"
              kill -0 $bob_run && echo "bob's run survives"
              kill $bob_run || true
              return 0
            }

            """#

    @Test func aProgramRunsUntilTheDaysAllowanceIsUsedThenIsBlockedForItsOwnerOnly() throws {
        let run = try Sandbox(network: false, privatePIDs: false).run(
            Self.setUp + #"""
                # A fake notify-send (an overlay on /usr/bin, this mount namespace only) records who ran it and why.
                mkdir -p "$WORK/bin-upper" "$WORK/bin-work"
                mount -t overlay overlay -o lowerdir=/usr/bin,upperdir="$WORK/bin-upper",workdir="$WORK/bin-work" /usr/bin
                printf '#!/bin/sh\necho "uid=$(id -u) args=$*" >> %s/notified\n' "$WORK" > /usr/bin/notify-send
                chmod 755 /usr/bin/notify-send
                touch "$WORK/notified"; chmod 666 "$WORK/notified"
                mkdir -p /run/user/$(id -u ann) && touch /run/user/$(id -u ann)/bus
                echo "set: $(allowance ann '{"action":"set","lists":[{"name":"video","entries":[],"programs":["'"$victim"'"]}],"daily":3}')"
                answered
                # Another member's run of the same program, 4 s before ann's first: it counts for nobody.
                as_user bob "$WORK/$victim" 30 & bob_run=$!
                sleep 4
                start=$(date +%s%N)
                as_user ann "$WORK/$victim" 2 && echo "first run: 0 after $(ms_since $start) ms" \
                  || echo "first run: $? after $(ms_since $start) ms"
                sleep 0.5
                echo "show: $(allowance ann '{"action":"show","lists":[]}')"
                answered
                start=$(date +%s%N)
                as_user ann "$WORK/$victim" 10 && echo "second run: 0 after $(ms_since $start) ms" \
                  || echo "second run: $? after $(ms_since $start) ms"
                sleep 0.5
                as_user ann "$WORK/$victim" 1 2> /dev/null && echo "third run: ran" || echo "third run: refused"
                kill -0 $bob_run && echo "bob's run survives"
                kill $bob_run || true
                python3 -c 'import json; [print("status:", a["owner"] == int(__import__("sys").argv[1]), a["list"], a["usedSeconds"], a["spent"]) for a in json.load(open("/run/refocus/status.json")).get("allowances", [])]' "$(id -u ann)"
                echo "show: $(allowance ann '{"action":"show","lists":[]}')"
                answered
                echo "bob's show: $(allowance bob '{"action":"show","lists":[]}')"
                answered
                # The status verb (refocus status without a status file) carries the caller's own allowances.
                for who in ann bob; do
                  printf '{"version":1,"verb":"status"}' | as_user $who sudo -n "$B/refocus-helper" status \
                    | python3 -c 'import json, sys; print(sys.argv[1], "status verb:", [(a["list"], a["spent"]) for a in json.load(sys.stdin).get("allowances", [])])' $who
                done
                sed "s/=$(id -u ann) /=ANN /" "$WORK/notified"
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("set: 0\nallowance: video 3 0 False False\n"), "\(run.stdout)")
        // Bob's 4 s were not counted: ann's 2 s run ends on its own.
        #expect(run.stdout.contains("first run: 0 after"), "\(run.stdout)")
        // 2 s used, in whole seconds (the exec and exit events are read as the loop wakes: a few ms either way).
        #expect(
            run.stdout.contains("show: 0\nallowance: video 3 2 False False\n")
                || run.stdout.contains("show: 0\nallowance: video 3 1 False False\n"), "2 s used: \(run.stdout)")
        // The last second is used 1 s into the second run: stopped as a session's running program is (TERM).
        let second = run.stdout.split(separator: "\n").first { $0.hasPrefix("second run: ") }.map(String.init) ?? ""
        #expect(second.hasPrefix("second run: 143") || second.hasPrefix("second run: 137"), "\(run.stdout)")
        let milliseconds = run.number(after: "after ", onLineStarting: "second run:")
        #expect(milliseconds.map { $0 >= 800 && $0 <= 3000 } == true, "stopped about 1 s in: \(run.stdout)")
        #expect(run.stdout.contains("third run: refused"), "\(run.stdout)")
        #expect(run.stdout.contains("bob's run survives"), "\(run.stdout)")
        #expect(run.stdout.contains("status: True video 3 True\n"), "status.json shows it spent: \(run.stdout)")
        #expect(run.stdout.contains("show: 0\nallowance: video 3 3 True False\n"), "\(run.stdout)")
        #expect(run.stdout.contains("bob's show: 0\nerror: - -\n"), "bob has none: \(run.stdout)")
        #expect(run.stdout.contains("ann status verb: [('video', True)]\n"), "\(run.stdout)")
        #expect(run.stdout.contains("bob status verb: []\n"), "only the caller's own: \(run.stdout)")
        let told =
            "uid=ANN args=--app-name=ReFocus --action=open=Open ReFocus -- "
            + "Daily allowance 'video': today's allowance is used; blocked until "
        #expect(run.stdout.contains(told), "the owner is told, as the owner: \(run.stdout)")
        // The second run's kill names the spent allowance, not a focus session (there is none).
        #expect(
            run.stdout.contains("It is on list 'video', whose daily allowance is used for today."),
            "the kill's notice: \(run.stdout)")
    }

    /// `refocus stats` as the owner, through the real sudo: the day's use the daemon counted and kept
    /// (while a run counts, the figure kept at the last run's end); another member's stats show none of it.
    @Test func statsShowTheOwnersUseOfTheDayAndNotToAnotherMember() throws {
        let run = try Sandbox(network: false, privatePIDs: false).run(
            Self.setUp + #"""
                echo "set: $(allowance ann '{"action":"set","lists":[{"name":"video","entries":[],"programs":["'"$victim"'"]}],"daily":600}')"
                as_user ann "$WORK/$victim" 2
                sleep 0.5
                # A list's use per day, as stats --json prints it; "none" without the key.
                used() { python3 -c 'import json, sys; a = json.load(sys.stdin); print(sys.argv[1], [(d["list"], d["day"], d["usedSeconds"], d.get("dailySeconds"), d["spent"]) for d in a["allowanceUse"]] if "allowanceUse" in a else "none", a.get("error", "-"))' "$1"; }
                as_user ann "$B/refocus" stats --json | used "ann after a run:"
                as_user ann "$WORK/$victim" 3 & counting=$!
                sleep 1.5
                as_user ann "$B/refocus" stats --json | used "ann while counting:"
                wait $counting
                sleep 0.5
                as_user ann "$B/refocus" stats --json | used "ann after two runs:"
                as_user ann "$B/refocus" stats | sed -n '/^Daily allowances/,/^$/p'
                as_user bob "$B/refocus" stats --json | used "bob:"
                as_user bob "$B/refocus" stats | grep -c 'Daily allowances\|video' || true
                echo "today: $(date -u +%F)"
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("set: 0\n"), "\(run.stdout)")
        let today = try #require(run.stdout.split(separator: "\n").first { $0.hasPrefix("today: ") }?.dropFirst(7))
        // 2 s used, in whole seconds (the exec and exit events are read as the loop wakes: a few ms either way).
        #expect(
            ["1", "2"].contains {
                run.stdout.contains("ann after a run: [('video', '\(today)', \($0), 600, False)] -\n")
            },
            "\(run.stdout)")
        #expect(
            ["1", "2"].contains {
                run.stdout.contains("ann while counting: [('video', '\(today)', \($0), 600, False)] -\n")
            },
            "the store's figure while counting: \(run.stdout)")
        #expect(
            ["4", "5"].contains {
                run.stdout.contains("ann after two runs: [('video', '\(today)', \($0), 600, False)] -\n")
            },
            "\(run.stdout)")
        #expect(
            run.stdout.contains(
                "Daily allowances   a day  used up  average  minutes, last 7 days\n"
                    + "  video              10m   0 of 1       0m   .  .  .  .  .  .  0\n"), "\(run.stdout)")
        #expect(run.stdout.contains("bob: none -\n0\n"), "another member's stats show none of it: \(run.stdout)")
    }

    @Test func aLockedAllowanceRefusesARaiseAndARemovalAndTakesALowerLength() throws {
        let run = try Sandbox(network: false, privatePIDs: false).run(
            Self.setUp + #"""
                list='[{"name":"video","entries":[],"programs":["'"$victim"'"]}]'
                echo "locked: $(allowance ann '{"action":"set","lists":'"$list"',"daily":600,"locked":true}')"
                answered
                echo "raise: $(allowance ann '{"action":"set","lists":'"$list"',"daily":1200}')"
                answered
                echo "remove: $(allowance ann '{"action":"remove","lists":'"$list"'}')"
                answered
                echo "fewer programs: $(allowance ann '{"action":"set","lists":[{"name":"video","entries":["video.test"],"programs":[]}],"daily":600}')"
                answered
                echo "lower: $(allowance ann '{"action":"set","lists":'"$list"',"daily":300}')"
                answered
                echo "bob removes: $(allowance bob '{"action":"remove","lists":'"$list"'}')"
                answered
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("locked: 0\nallowance: video 600 0 False True\n"), "\(run.stdout)")
        let refusal = "error: session-locked the allowance for 'video' is locked until 00:00 (local time)"
        #expect(run.stdout.contains("raise: 77\n\(refusal)\n"), "\(run.stdout)")
        #expect(run.stdout.contains("remove: 77\n\(refusal)\n"), "\(run.stdout)")
        #expect(run.stdout.contains("fewer programs: 77\n\(refusal)\n"), "\(run.stdout)")
        #expect(run.stdout.contains("lower: 0\nallowance: video 300 0 False True\n"), "\(run.stdout)")
        #expect(run.stdout.contains("bob removes: 66\nerror: not-found"), "another member's is not his: \(run.stdout)")
    }
}
