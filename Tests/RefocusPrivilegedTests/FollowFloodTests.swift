import RefocusTestSupport
import Testing

/// A folder flooded by whoever can write it (issue 32, item 5): 25,000 bad
/// files with 200-character names in one machine's folder. Before the caps,
/// follow.json grew to 9 MB, over what a read takes, and every later sync
/// failed (71) with no intent ever applied again. Now each round reads at
/// most 1,024 of them, reports the refusals once (65, then 0), keeps
/// follow.json small, and a good intent arriving after the flood is applied.
@Suite(.enabled(if: Sandbox.isAvailable, Comment(rawValue: Sandbox.unavailableReason ?? "")))
struct FollowFloodTests {
    @Test func aFloodedFolderNeverStopsFollowing() throws {
        let run = try FollowHostileTests.sandbox().run(
            FollowHostileTests.setUp + #"""
                as_user ann python3 -c '
                import os, sys
                d = sys.argv[1]; os.makedirs(d, exist_ok=True)
                for i in range(25000): open(os.path.join(d, "%0200d.json" % i), "w").write("{")
                ' "$S/evil"
                for round in 1 2 3; do
                  status=0; timeout 120 setsid --wait "$WORK/as-user" ann "$B/refocus" sync < /dev/null > "$WORK/out" 2>&1 || status=$?
                  echo "round $round: status $status, follow.json $(stat -c %s "$WORK/home-ann/.local/state/refocus/sync/follow.json")"
                done
                echo "refusals in the last round: $(grep -c '^sessions: refused sessions/evil/' "$WORK/out" || true)"
                intent "$S/laptop/$(hex d).json" laptop "$(hex d)"
                status=0; refocus_ann sync > "$WORK/out" 2>&1 || status=$?
                echo "good intent after the flood: status $status"
                grep 'applied: start from laptop' "$WORK/out"
                sessions
                """#, files: ["intent.py": Array(FollowHostileTests.intentWriter.utf8)])
        #expect(run.status == 0, "\(run.stderr)")
        for round in 1...3 {
            let line = run.stdout.split(separator: "\n").first { $0.hasPrefix("round \(round): ") } ?? ""
            // The first round reports the refusals (65); the next ones have nothing new to say.
            #expect(line.hasPrefix("round \(round): status \(round == 1 ? 65 : 0), follow.json "), "\(run.stdout)")
            let size = Int(line.split(separator: " ").last ?? "") ?? .max
            #expect(size < 1 << 20, "follow.json stays small: \(line)")
        }
        #expect(run.stdout.contains("refusals in the last round: 0\n"), "refused once, not every round: \(run.stdout)")
        #expect(run.stdout.contains("applied: start from laptop"), "\(run.stdout)")
        #expect(run.stdout.contains("session: "), "\(run.stdout)")
    }
}
