import RefocusTestSupport
import Testing

/// Overlapping and concurrent sessions, a damaged section, a bind-mounted
/// /etc/hosts: each in fresh namespaces, checked with getent and cmp.
@Suite(.enabled(if: Sandbox.isAvailable, Comment(rawValue: Sandbox.unavailableReason ?? "")))
struct HostsEdgeCaseTests {
    static let environment = #"export XDG_CONFIG_HOME="$WORK/config" REFOCUS_HELPER="$BIN/refocus-helper""# + "\n"

    @Test func stoppingOneOfTwoSessionsKeepsTheOthersNames() throws {
        let run = try Sandbox().run(
            Self.environment + """
                "$BIN/refocus" list add one one.test > /dev/null
                "$BIN/refocus" list add two two.test > /dev/null
                "$BIN/refocus" start --list one 10m > /dev/null
                "$BIN/refocus" start --list two 10m > /dev/null
                echo "both: $(grep -c '^192.0.2.1 .*\\(one\\|two\\).test$' /etc/hosts)"
                "$BIN/refocus" stop 1 > /dev/null
                echo "one: $(grep -c '^192.0.2.1 one.test$' /etc/hosts || true)"
                echo "two: $(grep -c '^192.0.2.1 two.test$' /etc/hosts)"
                """)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("both: 12"), "two domains, each with 5 subdomains: \(run.stdout)")
        #expect(run.stdout.contains("one: 0"))
        #expect(run.stdout.contains("two: 1"))
    }

    @Test func aDamagedSectionIsRefusedWithItsLineAndNothingChanges() throws {
        let run = try Sandbox().run(
            Self.environment + """
                printf '# BEGIN refocus\\n0.0.0.0 stray.test\\n' >> /etc/hosts
                cp /etc/hosts "$WORK/hosts.before"
                line=$(grep -n '^# BEGIN refocus$' /etc/hosts | cut -d: -f1)
                "$BIN/refocus" list add one one.test > /dev/null
                "$BIN/refocus" start --list one 10m 2> "$WORK/error" || echo "refused: $?"
                grep -q "line $line" "$WORK/error" && echo "names line $line"
                cat "$WORK/error"
                cmp /etc/hosts "$WORK/hosts.before" && echo "hosts unchanged"
                """)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("refused: 65"), "\(run.stdout)")
        #expect(run.stdout.contains("names line"), "\(run.stdout)")
        #expect(run.stdout.contains("hosts unchanged"))
    }

    @Test func aBindMountedHostsFileIsRewrittenInPlace() throws {
        let run = try Sandbox().run(
            Self.environment + """
                cp /etc/hosts "$WORK/hosts.file"
                mount --bind "$WORK/hosts.file" /etc/hosts
                cp /etc/hosts "$WORK/hosts.before"
                "$BIN/refocus" list add one one.test > /dev/null
                "$BIN/refocus" start --list one 10m > /dev/null
                getent hosts www.one.test
                ls /var/lib/refocus
                "$BIN/refocus" stop > /dev/null
                cmp /etc/hosts "$WORK/hosts.before" && echo "hosts identical"
                """)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("www.one.test"))
        #expect(!run.stdout.contains("hosts.journal"), "the journal is removed once the write is done")
        #expect(run.stdout.contains("hosts identical"))
    }

    @Test func fiftyConcurrentStartsAreAllRecordedAndEnforced() throws {
        let run = try Sandbox().run(
            Self.environment + """
                mkdir -p /etc/refocus
                echo 'max_sessions_per_user = 64' > /etc/refocus/policy.toml
                for i in $(seq 50); do "$BIN/refocus" list add "l$i" "site$i.test" > /dev/null; done
                for i in $(seq 50); do "$BIN/refocus" start --list "l$i" 10m > /dev/null 2>> "$WORK/errors" & done
                wait
                cat "$WORK/errors"
                echo "sessions: $("$BIN/refocus" status --json | grep -c '"id"')"
                echo "names: $(grep -c '^192.0.2.1 site[0-9]*.test$' /etc/hosts)"
                """)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("sessions: 50"), "\(run.stdout)")
        #expect(run.stdout.contains("names: 50"), "\(run.stdout)")
    }
}
