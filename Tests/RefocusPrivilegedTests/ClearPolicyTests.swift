import Foundation
import RefocusTestSupport
import Testing

/// `refocus-helper clear` under the policy's `root_may_clear_locked`: by
/// default root clears locked sessions; with `false` it refuses while one
/// runs (status 77, one line naming the key and `--force`, nothing changed)
/// and clears unlocked ones as before; `--force` overrides.
@Suite(.enabled(if: Sandbox.isAvailable, Comment(rawValue: Sandbox.unavailableReason ?? "")))
struct ClearPolicyTests {
    /// The shipped `policy/policy.toml`.
    static let shippedPolicy = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("policy/policy.toml").path

    static let setUp = """
        export XDG_CONFIG_HOME="$WORK/config" REFOCUS_HELPER="$BIN/refocus-helper"
        cp /etc/hosts "$WORK/hosts.before"
        "$BIN/refocus" list add focus social.test > /dev/null
        mkdir -p /etc/refocus
        blocked() { getent hosts social.test | grep -q '^100::1' && echo "blocked" || echo "not blocked"; }

        """

    @Test func aLockedSessionIsClearedOnlyWithForceWhenThePolicySaysSo() throws {
        let run = try Sandbox().run(
            Self.setUp + """
                printf 'root_may_clear_locked = false\\n' > /etc/refocus/policy.toml
                "$BIN/refocus" start --list focus 10m --lock > /dev/null
                status=0
                "$BIN/refocus-helper" clear > "$WORK/answer" 2> "$WORK/err" || status=$?
                echo "refused: $status"
                echo "stderr: $(wc -l < "$WORK/err") line"; cat "$WORK/err"
                grep -o '"code":"session-locked"' "$WORK/answer"
                echo "after refusal: $(blocked)"
                pgrep -f 'refocus-helper daemon' > /dev/null && echo "daemon still running"
                "$BIN/refocus-helper" clear --force > "$WORK/answer"
                grep -o '"outcome":"cleared"' "$WORK/answer"
                echo "after force: $(blocked)"
                cmp /etc/hosts "$WORK/hosts.before" && echo "hosts identical"
                """)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("refused: 77\nstderr: 1 line\n"), "\(run.stdout)")
        #expect(
            run.stdout.contains(
                "refocus-helper clear: locked session 1 runs for 10m more, and the policy "
                    + "forbids clearing it (root_may_clear_locked = false in /etc/refocus/policy.toml); "
                    + "wait, or run 'refocus-helper clear --force'\n")
                || run.stdout.contains("locked session 1 runs for 9m more"), "\(run.stdout)")
        for fact in [
            #""code":"session-locked""#, "after refusal: blocked", "daemon still running",
            #""outcome":"cleared""#, "after force: not blocked", "hosts identical",
        ] {
            #expect(run.stdout.contains(fact), "\(fact): \(run.stdout)")
        }
    }

    /// The policies and sessions `clear` ends without `--force`: an unlocked
    /// session whatever the policy, and a locked one under the shipped policy.
    static let clearable = [
        ("printf 'root_may_clear_locked = false\\n' > /etc/refocus/policy.toml", ""),
        ("cp '\(shippedPolicy)' /etc/refocus/", "--lock"),
    ]

    @Test(arguments: clearable)
    func clearEndsTheSession(policy: String, flags: String) throws {
        let run = try Sandbox().run(
            Self.setUp + """
                \(policy)
                "$BIN/refocus" start --list focus 10m \(flags) > /dev/null
                echo "before: $(blocked)"
                "$BIN/refocus-helper" clear > "$WORK/answer"
                grep -o '"outcome":"cleared"' "$WORK/answer"
                echo "after: $(blocked)"
                """)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("before: blocked\n"), "\(run.stdout)")
        #expect(run.stdout.contains(#""outcome":"cleared""#), "\(run.stdout)")
        #expect(run.stdout.contains("after: not blocked"), "\(run.stdout)")
    }
}
