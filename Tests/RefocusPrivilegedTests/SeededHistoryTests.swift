import RefocusTestSupport
import Testing

/// A seeded real history through the real helper: a store seeded with
/// three earlier days of focus and one earlier today, then a session
/// started and stopped; `refocus stop` recaps today's total and a streak of
/// four days, `refocus stats` prints the totals, the streaks, the next
/// milestone and a 12-week heatmap within 80 columns (`--json` the same
/// figures), and `history --csv` parses with one row per ended session. The
/// time zone is chosen so that it is about noon, so no seeded session
/// crosses midnight whenever the test runs.
@Suite(.enabled(if: Sandbox.isAvailable, Comment(rawValue: Sandbox.unavailableReason ?? "")))
struct SeededHistoryTests {
    @Test func stopRecapsStatsFigureAndCSVParses() throws {
        let run = try Sandbox(network: true).run(
            #"""
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
            "$BIN/refocus" stats > "$WORK/stats.txt"
            echo "widest stats line: $(awk '{ print length($0) }' "$WORK/stats.txt" | sort -n | tail -1)"
            sed 's/^/stats| /' "$WORK/stats.txt"
            "$BIN/refocus" stats --json | python3 -c 'import json, sys; d = json.load(sys.stdin); print("json:", d["currentStreak"], d["longestStreak"], d["nextMilestone"], d["sessions"], len(d["days"]), d["totalSeconds"] // 60)'
            "$BIN/refocus" history --csv | python3 -c 'import csv, sys; rows = list(csv.DictReader(sys.stdin, strict=True)); print("csv rows:", len(rows), sorted({r["outcome"] for r in rows}), rows[0]["lists"])'
            """#)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("Stopped #5 focus"), "\(run.stdout)")
        let recap = run.stdout.split(separator: "\n").first { $0.hasPrefix("Today: ") }.map(String.init) ?? ""
        #expect(recap.hasPrefix("Today: 10m") && recap.hasSuffix(" of focus; streak: 4 days."), "\(run.stdout)")
        // refocus stats on the same history: the figures, the streak, the next milestone, a heatmap in 80 columns.
        let stats = run.stdout.split(separator: "\n").filter { $0.hasPrefix("stats| ") }.map { $0.dropFirst(7) }
        #expect(
            stats.contains { $0.hasPrefix("Streak") && $0.contains("4 days including today; longest 4 days") },
            "\(run.stdout)")
        #expect(stats.contains { $0.hasPrefix("Milestones") && $0.contains("next 7 days, 3 to go") }, "\(run.stdout)")
        #expect(stats.contains { $0.hasPrefix("In all") && $0.contains("in 5 sessions") }, "\(run.stdout)")
        #expect(stats.contains { $0.contains("Less . - + * # More") }, "the heatmap's legend, plain: \(run.stdout)")
        #expect(
            stats.filter { ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"].contains($0.prefix(3)) }.count == 7,
            "seven weekday rows: \(run.stdout)")
        let widest = run.stdout.split(separator: "\n").first { $0.hasPrefix("widest stats line: ") }?.dropFirst(19)
        #expect(widest.flatMap { Int($0) }.map { $0 <= 80 } == true, "\(run.stdout)")
        // 12 weeks of days: 77 before this week's, and this week's through today.
        let json =
            run.stdout.split(separator: "\n").first { $0.hasPrefix("json: ") }?.split(separator: " ").dropFirst()
            .compactMap { Int($0) } ?? []
        #expect(
            json.count == 6 && json[0...3] == [4, 4, 7, 5] && (78...84).contains(json[4]) && json[5] == 40,
            "--json has the same figures: \(run.stdout)")
        #expect(run.stdout.contains("csv rows: 5 ['completed', 'stopped'] focus"), "\(run.stdout)")
    }
}
