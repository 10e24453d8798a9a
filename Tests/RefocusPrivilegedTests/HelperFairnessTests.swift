import Foundation
import RefocusTestSupport
import Testing

/// Finding 9 of issue 28, as members tried it through the real sudo: with
/// 16 loops of one member's starts, another member's start waited up to
/// 23 s (the lock went to whoever polled first, and a newcomer polls
/// sooner); a 16 MiB request cost root hundreds of MB before the lock,
/// whatever the verb (451 MB for `status`); and one member's runs at once
/// had no bound. Now the lock is served in the order the runs
/// came (`TicketQueue`), a member has at most four runs at once (the fifth
/// is refused at once, status 75), and a verb's request is capped at what
/// it needs before anything is decoded.
@Suite(.enabled(if: SudoTools.unavailableReason == nil, Comment(rawValue: SudoTools.unavailableReason ?? "")))
struct HelperFairnessTests {
    /// `elapsed START`: seconds since START (`date +%s.%N`), two decimals.
    static let functions = #"""
        elapsed() { python3 -c "import sys, time; print('%.2f' % (time.time() - float(sys.argv[1])))" "$1"; }
        message() { python3 -c 'import json, sys; print(json.load(sys.stdin).get("error", {}).get("message", "ok"))' < "$1"; }

        """#

    @Test func anotherMembersStartIsServedInTurnBesideSixteenFloodingLoops() throws {
        let run = try Sandbox().run(
            MemberProbeSetUp.script + Self.functions + #"""
                # Each flooding start holds 4,800 names: above the default total for the hosts section, which
                # would refuse them at once (no resolver module here) instead of rewriting the section.
                mkdir -p /etc/refocus; echo 'max_hosts_names_per_machine = 1000000' >> /etc/refocus/policy.toml
                as_user ann "$B/refocus" list add flood flood.test > /dev/null
                as_user bob "$B/refocus" list add mine mine.test > /dev/null
                as_user ann "$B/refocus" start --list flood 25m > /dev/null
                began=$(date +%s.%N)
                as_user bob "$B/refocus" start --list mine 25m > /dev/null
                echo "bob alone: $? in $(elapsed "$began") s"
                # ann's loops send the helper her start by hand, as fast as it answers, each time with
                # another 800 domains, so that every run rewrites the hosts section and resolves them.
                for half in a b; do
                  python3 -c 'import json, sys
                entries = ["%s%d.flood.test" % (sys.argv[1], i) for i in range(800)]
                print(json.dumps({"version": 1, "verb": "start", "start": {"lists": [{"name": "flood", "entries": entries,
                                  "programs": []}], "length": 1500, "locked": False}}))' "$half" > "$WORK/flood-$half.json"
                  chmod 644 "$WORK/flood-$half.json"
                done
                loops=""
                for loop in $(seq 16); do
                  ( end=$((SECONDS + 90)); half=$([ $((loop % 2)) = 0 ] && echo a || echo b)
                    while [ $SECONDS -lt $end ]; do
                      as_user ann sudo -n "$B/refocus-helper" start < "$WORK/flood-$half.json" > /dev/null 2>&1; done ) &
                  loops="$loops $!"
                done
                sleep 3
                for attempt in 1 2 3 4 5; do
                  began=$(date +%s.%N)
                  status=0; as_user bob "$B/refocus" start --list mine 25m > /dev/null 2>&1 || status=$?
                  echo "bob $attempt: $status in $(elapsed "$began") s"
                done
                kill $loops 2> /dev/null || true; wait
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        // Served in turn, behind at most the four runs of ann's that hold a slot: about 1.5 s each on a
        // quiet 2-core machine (0.2 s alone); before, up to 23.8 s (by the lock's 24 s deadline), as in the issue.
        for attempt in 1...5 {
            let line =
                run.stdout.split(separator: "\n").first { $0.hasPrefix("bob \(attempt): ") }.map(String.init) ?? ""
            #expect(line.hasPrefix("bob \(attempt): 0 in "), "\(run.stdout)")
            let seconds = Double(line.split(separator: " ").dropLast().last ?? "") ?? .infinity
            #expect(seconds < 10, "\(run.stdout)")
        }
    }

    @Test func aFifthRunOfOneMemberIsRefusedAtOnceAndOthersGoOn() throws {
        let run = try Sandbox().run(
            MemberProbeSetUp.script + Self.functions + #"""
                status_request='{"version":1,"verb":"status"}'
                # Four runs of ann's, each holding its slot while its request has not arrived.
                for _ in 1 2 3 4; do ( sleep 4 | as_user ann sudo -n "$B/refocus-helper" status > /dev/null 2>&1 ) & done
                sleep 1.5
                began=$(date +%s.%N)
                status=0; printf '%s' "$status_request" | as_user ann sudo -n "$B/refocus-helper" status > "$WORK/out" 2> /dev/null || status=$?
                echo "ann's fifth: $status in $(elapsed "$began") s: $(message "$WORK/out")"
                status=0; printf '%s' "$status_request" | as_user bob sudo -n "$B/refocus-helper" status > "$WORK/out" 2> /dev/null || status=$?
                echo "bob: $status $(message "$WORK/out")"
                wait
                status=0; printf '%s' "$status_request" | as_user ann sudo -n "$B/refocus-helper" status > "$WORK/out" 2> /dev/null || status=$?
                echo "ann after: $status $(message "$WORK/out")"
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        for fact in [
            "ann's fifth: 75 in ",
            ": you already have 4 helper runs going, the most one user may have at once; "
                + "wait for them to end and try again\n",
            "bob: 0 ok\n", "ann after: 0 ok\n",
        ] {
            #expect(run.stdout.contains(fact), "\(fact): \(run.stdout)")
        }
        let line = run.stdout.split(separator: "\n").first { $0.hasPrefix("ann's fifth: ") }.map(String.init) ?? ""
        let seconds = Double(line.split(separator: " ").dropFirst(4).first ?? "") ?? .infinity
        #expect(seconds < 1, "refused at once, not after a wait: \(run.stdout)")
    }

    @Test func aSixteenMebibyteStatusRequestIsRefusedBeforeDecoding() throws {
        let run = try Sandbox().run(
            MemberProbeSetUp.script + Self.functions + #"""
                # 16 MiB: an array of eight million numbers, which a decoder would build whole before refusing the field.
                python3 -c 'import sys; sys.stdout.write("{\"version\":1,\"verb\":\"status\",\"x\":[" + "0," * ((8 << 20) - 20) + "0]}")' > "$WORK/huge.json"
                chmod 644 "$WORK/huge.json"
                echo "request: $(wc -c < "$WORK/huge.json") bytes"
                began=$(date +%s.%N)
                status=0
                as_user ann /usr/bin/time -f '%M' -o "$WORK/home-ann/peak" sudo -n "$B/refocus-helper" status < "$WORK/huge.json" > "$WORK/out" 2> /dev/null || status=$?
                echo "status: $status in $(elapsed "$began") s: $(message "$WORK/out")"
                echo "peak: $(tail -1 "$WORK/home-ann/peak") KiB"
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("status: 65 in "), "\(run.stdout)")
        #expect(
            run.stdout.contains(": the request is larger than 8192 bytes, the most a 'status' request needs\n"),
            "\(run.stdout)")
        let peak = run.number(after: "peak: ", onLineStarting: "peak:")
        #expect(peak.map { $0 < 64 << 10 } == true, "the helper's peak RSS stays small (KiB): \(run.stdout)")
    }
}
