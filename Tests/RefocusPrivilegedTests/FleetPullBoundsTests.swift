import Foundation
import RefocusTestSupport
import Testing

/// The bounds of `refocus-helper fleet pull` against a real bare repository
/// signed with real ssh keys, in a sandbox: a fetch that would take root's
/// clone past its cap (64 MiB: one random file over it, or two that together
/// pass it) is refused with a message naming the cap, leaves nothing behind,
/// and keeps the commit in force; an older signed commit served again is
/// refused unless the administrator allows it.
@Suite(.enabled(if: Sandbox.isAvailable, Comment(rawValue: Sandbox.unavailableReason ?? "")))
struct FleetPullBoundsTests {
    /// Runs `script` in a sandbox after the first pull of a fresh repository's signed commit (checked as
    /// `FleetPullTests` checks it); returns the run and that commit.
    static func afterFirstPull(_ script: String) throws -> (run: Binary.Run, good: String) {
        let base = try FleetPullTests.makeRepository()
        defer { try? FileManager.default.removeItem(atPath: base) }
        let good = try String(contentsOfFile: base + "/good", encoding: .utf8).trimmingCharacters(
            in: .whitespacesAndNewlines)
        let run = try Sandbox().run(FleetPullTests.setUp(base) + script)
        FleetPullTests.expectApplied(run, good: good)
        return (run, good)
    }

    @Test func aFetchPastTheCapIsRefusedAndLeavesNothing() throws {
        let (run, good) = try Self.afterFirstPull(
            #"""
            clone=/var/lib/refocus/fleet/repository.git
            cd "$BASE/work"
            # refused NAME: the pull refuses the tip; the policy and the commit in force stay.
            refused() {
              pull; echo "$1: $status $(cat "$WORK/pull-errors")"
              echo "$1 kept: $(cat /etc/refocus/policy.toml) $(in_force)"
              "$BIN/refocus-helper" fleet status | grep '^last pull: refused' | sed "s/^/$1 status: /"
              echo "$1 leftovers: $(find "$clone" -name 'tmp_*' | wc -l)"
              echo "$1 clone under the cap: $(du -sb "$clone" 2>/dev/null | awk '{print ($1 <= 67108864)}')"
            }
            head -c 70M /dev/urandom > big.bin; commit allowed.key "a file over the cap"; refused one-file
            # A fetch brings the history since the commit in force: the large commit must go from the branch.
            git reset -q --hard HEAD~1; head -c 36M /dev/urandom > half.bin; commit allowed.key "half the cap"
            pull; echo "half: $status $(cat "$WORK/pull-errors")"
            head -c 36M /dev/urandom > other-half.bin; commit allowed.key "the cap passed"; refused together
            [ -e "$clone" ] || echo "together: the clone was removed"
            git reset -q --hard "$(cat ../good)"; git push -q --force "$BASE/fleet.git" HEAD:main
            pull; echo "back: $status $(cat "$WORK/pulled")"
            """#)
        let cap = "past its cap of 64 MiB (67108864 bytes)"
        for fact in [
            "one-file: 65 refocus-helper: the fetch would take root's clone", cap,
            "one-file status: last pull: refused at ", "one-file leftovers: 0\n", "one-file clone under the cap: 1\n",
            // Half the cap arrives, then is refused for its path: its objects stay in the clone.
            "half: 65 refocus-helper: the commit holds 'half.bin', which a fleet may not write",
            "together: 65 refocus-helper: the fetch would take root's clone", "together status: last pull: refused at ",
            "together leftovers: 0\n", "together: the clone was removed\n",
            // The clone is a cache: the next pull fetches anew and finds the commit in force.
            "back: 0 fleet: commit \(good.prefix(12)) is already in force\n",
        ] {
            #expect(run.stdout.contains(fact), "\(fact): \(run.stdout)")
        }
        for name in ["one-file", "together"] {
            #expect(run.stdout.contains("\(name) kept: max_session = \"1h\" \(good) refused\n"), "\(run.stdout)")
        }
    }

    /// B (a child of A) in force; the branch reset to A, signed as ever: refused, B kept; with
    /// `--allow-rollback`, A is taken.
    @Test func anOlderSignedCommitIsRefusedUnlessAllowed() throws {
        let (run, good) = try Self.afterFirstPull(
            #"""
            cd "$BASE/work"
            printf 'max_session = "2h"\n' > policy.toml; commit allowed.key "B: a longer maximum"
            pull; echo "b: $status $(cat "$WORK/pulled")"
            echo "b in force: $(cat /etc/refocus/policy.toml) $(in_force)"
            git reset -q --hard "$(cat ../good)"; git push -q --force "$BASE/fleet.git" HEAD:main
            pull; echo "rollback: $status $(cat "$WORK/pull-errors")"
            echo "rollback kept: $(cat /etc/refocus/policy.toml) $(in_force)"
            "$BIN/refocus-helper" fleet status | grep '^last pull: refused' | sed 's/^/rollback status: /'
            status=0; "$BIN/refocus-helper" fleet pull --allow-rollback > "$WORK/pulled" || status=$?
            echo "allowed: $status $(cat "$WORK/pulled")"
            echo "allowed in force: $(cat /etc/refocus/policy.toml) $(in_force)"
            "$BIN/refocus-helper" fleet pull --help | grep -q -- '--allow-rollback' && echo "help: shown"
            """#)
        let lines = run.stdout.split(separator: "\n")
        let commitB = try #require(
            lines.first { $0.hasPrefix("b in force: ") }.flatMap { $0.split(separator: " ").dropLast().last })
        #expect(commitB.count == 40 && commitB != good, "\(run.stdout)")
        for fact in [
            "b: 0 fleet: applied commit \(commitB.prefix(12))", "b in force: max_session = \"2h\" \(commitB) applied\n",
            "rollback: 65 refocus-helper: commit \(good.prefix(12)) is not a descendant of the commit in force, "
                + "\(commitB.prefix(12)): ",
            "--allow-rollback'", "rollback kept: max_session = \"2h\" \(commitB) refused\n",
            "rollback status: last pull: refused at ",
            "allowed: 0 fleet: applied commit \(good.prefix(12))",
            "fleet: taken with --allow-rollback: not a descendant of \(commitB.prefix(12))",
            "allowed in force: max_session = \"1h\" \(good) applied\n", "help: shown\n",
        ] {
            #expect(run.stdout.contains(fact), "\(fact): \(run.stdout)")
        }
    }
}
