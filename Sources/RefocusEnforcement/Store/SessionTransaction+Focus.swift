import Foundation
import GRDB
import RefocusCore
import RefocusPlanning

/// What stats read of the store: ended sessions as `FocusRecord`s, and
/// each session's blocked counts (refused connections, programs killed),
/// which the daemon keeps in the `blockedAttempts` and `programsKilled`
/// columns (migration v6; NULL for sessions that ended before).
extension SessionTransaction {
    /// Every ended session, oldest start first, as a focus record; those of
    /// `owner` only, those started at or after `since` only, and the first
    /// `limit` rows only, when given.
    ///
    /// Reads only the columns focus needs (the timeline, never the lists'
    /// JSON: an ended session's list names are in `listNames`), interning
    /// list names and labels, so 100,000 rows take a fraction of a second.
    /// A row that cannot be read (a damaged list name or pomodoro plan) is
    /// left out, as `history` leaves it out.
    public func focusRecords(owner: UInt32?, since: Date? = nil, limit: Int? = nil) throws -> [FocusRecord] {
        var records: [FocusRecord] = []
        // Each row's lists and outcome are one of a handful: parsed once each, shared by the rows.
        var lists = Interned<[BlockListName]> { text in
            // Sorted, as a session holds its lists.
            try text.split(separator: ",").map { try BlockListName($0) }.sorted()
        }
        var outcomes = Interned<SessionOutcome> { text in
            guard let outcome = SessionOutcome(rawValue: text) else { throw FocusRowError() }
            return outcome
        }
        var labels = Interned<SessionLabel> { try SessionLabel($0) }
        // Only the conditions given, so that a member's query searches index session_focus
        // (owner, start) in its order; "?1 IS NULL OR owner = ?1" would scan it and sort.
        var conditions = ["endedAt IS NOT NULL"]
        var arguments: StatementArguments = []
        if let owner {
            conditions.append("owner = ?")
            arguments += [Int64(owner)]
        }
        if let since {
            conditions.append("start >= ?")
            arguments += [since.timeIntervalSince1970]
        }
        let rows = try RawRows(
            db.makeStatement(
                sql: """
                    SELECT id, listNames, start, plannedEnd, endedAt, outcome, label, pomodoroWork, pomodoroBreak,
                        pomodoroCycles, pomodoroLongBreak, pausedAt, pausedSeconds, blockedAttempts, programsKilled
                    FROM session WHERE \(conditions.joined(separator: " AND ")) ORDER BY start, id
                    \(limit.map { "LIMIT \(max(0, $0))" } ?? "")
                    """), arguments: arguments)
        while try rows.next() {
            guard let id = rows.int64(0), let start = rows.double(2), let plannedEnd = rows.double(3),
                let endedAt = rows.double(4),
                let outcome = try? rows.text(5, { try outcomes.value($0) }),
                let names = try? rows.text(1, { try lists.value($0) })
            else { continue }
            var plan: PomodoroPlan?
            if let work = rows.int(7) {
                guard let shortBreak = rows.int(8), let cycles = rows.int(9), let longBreak = rows.int(10),
                    let valid = try? PomodoroPlan(
                        work: SessionLength(seconds: work),
                        shortBreak: SessionLength(seconds: shortBreak), cycles: cycles,
                        longBreak: SessionLength(seconds: longBreak))
                else { continue }
                plan = valid
            }
            // What Session.focusRecord computes, without a Session per row.
            let focus = EndedFocus(
                start: Date(timeIntervalSince1970: start), plannedEnd: Date(timeIntervalSince1970: plannedEnd),
                endedAt: Date(timeIntervalSince1970: endedAt),
                pausedAt: rows.double(11).map(Date.init(timeIntervalSince1970:)),
                pausedSeconds: max(0, rows.double(12) ?? 0), pomodoro: plan)
            var blocked: BlockedCounts?
            if let attempts = rows.int64(13), let killed = rows.int(14) {
                blocked = BlockedCounts(attempts: UInt64(max(0, attempts)), programsKilled: max(0, killed))
            }
            records.append(
                FocusRecord(
                    id: id, start: Date(timeIntervalSince1970: start), end: Date(timeIntervalSince1970: endedAt),
                    focusedSeconds: focus.seconds, outcome: outcome, lists: names,
                    label: try? rows.text(6, { try labels.value($0) }),
                    completedWork: focus.completedWork, blocked: blocked))
        }
        return records
    }

    /// The blocked counts kept for sessions `ids`; a session without counts is absent.
    public func blockedCounts(of ids: [Int64]) throws -> [Int64: BlockedCounts] {
        guard !ids.isEmpty else { return [:] }
        var counts: [Int64: BlockedCounts] = [:]
        let marks = Array(repeating: "?", count: ids.count).joined(separator: ",")
        for row in try Row.fetchAll(
            db,
            sql: """
                SELECT id, blockedAttempts, programsKilled FROM session
                WHERE id IN (\(marks)) AND blockedAttempts IS NOT NULL AND programsKilled IS NOT NULL
                """, arguments: StatementArguments(ids))
        {
            guard let id = row[0] as Int64?, let attempts = row[1] as Int64?, let killed = row[2] as Int? else {
                continue
            }
            counts[id] = BlockedCounts(attempts: UInt64(max(0, attempts)), programsKilled: max(0, killed))
        }
        return counts
    }

    /// Keeps `counts` as what each session blocked so far (ended or not).
    public func keepBlockedCounts(_ counts: [Int64: BlockedCounts]) throws {
        for (id, count) in counts {
            try db.execute(
                sql: "UPDATE session SET blockedAttempts = ?, programsKilled = ? WHERE id = ?",
                arguments: [Int64(clamping: count.attempts), count.programsKilled, id])
        }
    }
}

/// A row's text that names no value.
private struct FocusRowError: Error {}
