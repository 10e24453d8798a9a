import RefocusTestSupport
import Testing

/// `refocus stop` ends with a recap from the real history: a store seeded
/// with three earlier days of focus and one earlier today, then a session
/// started and stopped, gives today's total and a streak of four days. The
/// time zone is chosen so that it is about noon, so no seeded session
/// crosses midnight whenever the test runs.
@Suite(.enabled(if: Sandbox.isAvailable, Comment(rawValue: Sandbox.unavailableReason ?? "")))
struct RecapTests {
    @Test func stopRecapsTodayAndTheStreak() throws {
        let run = try Sandbox(network: true).run(#"""
            # Etc/GMT-N is N hours east of UTC: pick N so that the local hour is 12.
            offset=$(( 12 - 10#$(date -u +%H) ))
            if [ $offset -gt 0 ]; then export TZ="Etc/GMT-$offset"; elif [ $offset -lt 0 ]; then export TZ="Etc/GMT+${offset#-}"; else export TZ=UTC; fi
            export XDG_CONFIG_HOME="$WORK/config" REFOCUS_HELPER="$BIN/refocus-helper"
            "$BIN/refocus" list add focus social.test > /dev/null
            "$BIN/refocus" status > /dev/null
            python3 - <<'PY'
            import sqlite3, time
            now = time.time()
            db = sqlite3.connect("/var/lib/refocus/refocus.sqlite")
            rows = [(now - d * 86400 - 600, now - d * 86400) for d in (3, 2, 1)] + [(now - 1200, now - 600)]
            for start, end in rows:
                db.execute("INSERT INTO session (owner, listNames, lists, start, plannedEnd, locked, endedAt, outcome,"
                           " announced, notify) VALUES (0, 'focus', '[{\"entries\":[],\"name\":\"focus\",\"programs\":[]}]',"
                           " ?, ?, 0, ?, 'completed', 'end', 1)", (start, end, end))
            db.commit()
            PY
            "$BIN/refocus" start --list focus 5m > /dev/null
            sleep 1
            "$BIN/refocus" stop
            """#)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("Stopped #5 focus"), "\(run.stdout)")
        let recap = run.stdout.split(separator: "\n").first { $0.hasPrefix("Today: ") }.map(String.init) ?? ""
        #expect(recap.hasPrefix("Today: 10m") && recap.hasSuffix(" of focus; streak: 4 days."), "\(run.stdout)")
    }
}
