import Foundation
import RefocusTestSupport
import Testing

/// 50 `refocus start`s at once, then 50 `refocus stop`s at once, from ten
/// members through the real sudo (five sessions each, under the default cap
/// of eight): every session is recorded, started and then stopped; the hosts
/// section holds exactly the names of the running sessions, once each; the
/// network namespace has one table, whose block set holds exactly their
/// addresses; no update is lost; and the daemon has one thread throughout
/// (its state is never shared).
@Suite(.enabled(if: SudoTools.unavailableReason == nil, Comment(rawValue: SudoTools.unavailableReason ?? "")))
struct ConcurrentSessionsTests {
    static let members = (0..<10).map { "m\($0)" }
    static let listsEach = 5

    @Test func fiftyStartsAndFiftyStopsFromTenMembersAtOnceLoseNothing() throws {
        let run = try Sandbox().run(
            MemberProbeSetUp.script + #"""
                members="\#(Self.members.joined(separator: " "))"
                for member in $members; do
                  add_user "$member"; usermod -aG refocus "$member"
                  lists="$WORK/home-$member/.config/refocus/lists"
                  install -d -o "$member" -g "$member" "$WORK/home-$member/.config" "$WORK/home-$member/.config/refocus" "$lists"
                  for list in $(seq 0 \#(Self.listsEach - 1)); do
                    n=${member#m}
                    printf '%s-l%s.test\n10.77.%s.%s\n' "$member" "$list" "$n" "$((list + 1))" > "$lists/l$list.domains"
                    chown "$member:$member" "$lists/l$list.domains"
                  done
                done
                daemon_threads() { ls "/proc/$(tr -d '\n' < /run/refocus/daemon.lock)/task" | wc -l; }
                set_addresses() { nft -j list set inet refocus "$1" 2> /dev/null | python3 -c 'import json, sys
                elements = [i for item in json.load(sys.stdin)["nftables"] if "set" in item for i in item["set"].get("elem", [])]
                print(" ".join(sorted(e if isinstance(e, str) else json.dumps(e) for e in elements)))' || true; }

                pids=""
                for member in $members; do
                  for list in $(seq 0 \#(Self.listsEach - 1)); do
                    as_user "$member" "$B/refocus" start --json --list "l$list" 30m > "$WORK/start-$member-$list.json" 2> "$WORK/start-$member-$list.err" &
                    pids="$pids $!"
                  done
                done
                failed=0
                for pid in $pids; do wait "$pid" || failed=$((failed + 1)); done
                echo "starts failed: $failed"
                cat "$WORK"/start-*.err | sort | uniq -c | sed 's/^/start stderr: /' | head -5
                echo "daemon threads: $(daemon_threads)"
                "$B/refocus" status --json | python3 -c 'import json, sys
                sessions = json.load(sys.stdin)["sessions"]
                print("sessions:", len(sessions), "ids:", len({s["id"] for s in sessions}))
                print("lists:", " ".join(sorted(str(s["owner"]) + ":" + ",".join(s["lists"]) for s in sessions)))'
                echo "section names: $(section | awk '{print $2}' | grep -x 'm[0-9]-l[0-9]\.test' | sort -u | wc -l)"
                echo "section duplicates: $(section | grep -v '^#' | sort | uniq -d | wc -l)"
                echo "section lines: $(section | wc -l)"
                echo "tables: $(nft list tables | tr '\n' ' ')"
                echo "blocked ranges: $(set_addresses v4net)"

                pids=""
                for member in $members; do
                  for id in $(as_user "$member" "$B/refocus" status --json | python3 -c 'import json, sys
                print(" ".join(str(s["id"]) for s in json.load(sys.stdin)["sessions"] if s["owner"] == int(sys.argv[1])))' "$(id -u "$member")"); do
                    as_user "$member" "$B/refocus" stop -q "$id" 2> "$WORK/stop-$member-$id.err" &
                    pids="$pids $!"
                  done
                done
                failed=0; count=0
                for pid in $pids; do count=$((count + 1)); wait "$pid" || failed=$((failed + 1)); done
                echo "stops: $count, failed: $failed"
                cat "$WORK"/stop-*.err | sort | uniq -c | sed 's/^/stop stderr: /' | head -5
                echo "daemon threads after: $(daemon_threads)"
                echo "sessions after: $("$B/refocus" status --json | python3 -c 'import json, sys; print(len(json.load(sys.stdin)["sessions"]))')"
                echo "section after: $(section | wc -l)"
                echo "tables after: $(nft list tables | tr '\n' ' ')"
                for member in $members; do
                  as_user "$member" "$B/refocus" history --json | python3 -c 'import json, sys
                history = json.load(sys.stdin)
                print("history:", sys.argv[1], len(history), ",".join(sorted(h["outcome"] + ":" + ",".join(h["lists"]) for h in history)))' "$member"
                done
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        let out = run.stdout
        #expect(out.contains("starts failed: 0\n"), "\(out)")
        #expect(out.contains("daemon threads: 1\n") && out.contains("daemon threads after: 1\n"), "\(out)")
        #expect(out.contains("sessions: 50 ids: 50\n"), "\(out)")
        #expect(out.contains("section names: 50\nsection duplicates: 0\n"), "\(out)")
        #expect(out.contains("tables: table inet refocus \n"), "one table: \(out)")
        // Each member's five addresses, 10.77.N.1 to .5, merged into one range.
        let ranges = Self.members.indices.map { #"{"range": ["10.77.\#($0).1", "10.77.\#($0).\#(Self.listsEach)"]}"# }
        #expect(out.contains("blocked ranges: \(ranges.sorted().joined(separator: " "))\n"), "\(out)")
        #expect(out.contains("stops: 50, failed: 0\n"), "\(out)")
        #expect(out.contains("sessions after: 0\nsection after: 0\ntables after: \n"), "\(out)")
        let lists = (0..<Self.listsEach).map { "stopped:l\($0)" }.joined(separator: ",")
        for member in Self.members {
            #expect(out.contains("history: \(member) \(Self.listsEach) \(lists)\n"), "\(member): \(out)")
        }
    }
}
