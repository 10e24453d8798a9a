import Foundation
import GRDB
import RefocusCore
import RefocusOS
import RefocusPlanning

/// Reads and writes sessions inside one store transaction.
///
/// A row that cannot be read (damaged by hand or by a fault) is isolated:
/// it is skipped by every read, reported by `damagedOpenSessions`, kept as
/// it is for inspection, and never keeps the other sessions from being
/// enforced; `endAllOpen` (root's clear) ends it too. An ended session
/// keeps its summary (lists' names, counts, times, outcome, and the stop or
/// emergency exit that ended it, with its reason) and drops its full entry lists.
public struct SessionTransaction {
    let db: Database

    /// Every readable session that has not ended (its end may have passed:
    /// see `settleDue`); damaged rows are left out (`damagedOpenSessions`).
    public func openSessions() throws -> [Session] {
        try readableRows("SELECT * FROM session WHERE endedAt IS NULL ORDER BY id").sessions
    }

    /// The open sessions whose rows cannot be read, with the reason.
    public func damagedOpenSessions() throws -> [DamagedSession] {
        try readableRows("SELECT * FROM session WHERE endedAt IS NULL ORDER BY id").damaged
    }

    /// Ended sessions, newest first; those of `owner` only, and those started
    /// at or after `since` only, when given.
    public func history(owner: UInt32?, since: Date? = nil, limit: Int) throws -> [Session] {
        try readableRows(
            """
            SELECT * FROM session WHERE endedAt IS NOT NULL AND (?1 IS NULL OR owner = ?1) AND (?2 IS NULL OR start >= ?2)
            ORDER BY endedAt DESC, id DESC LIMIT ?3
            """, [owner.map { Int64($0) }, since?.timeIntervalSince1970, limit]
        ).sessions
    }

    /// Stores a new session and returns it with its id.
    public func insert(_ session: Session) throws -> Session {
        try db.execute(
            sql: """
                INSERT INTO session (owner, listNames, lists, start, plannedEnd, locked, endedAt, outcome,
                    anchorBootID, anchorSinceBoot, anchorWall, entryCount, programCount, label, pomodoroWork,
                    pomodoroBreak, pomodoroCycles, pomodoroLongBreak, pausedAt, pausedSeconds, pauses, notify, mode,
                    pendingKind, pendingRequestedAt, pendingEffectiveAt, pendingReason, delay, pendingLists)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: try arguments(session))
        var stored = session
        stored.id = db.lastInsertedRowID
        return stored
    }

    /// Updates a stored session's lists, end, lock, pending change, and ending.
    public func update(_ session: Session) throws {
        guard let id = session.id else { return }
        try db.execute(
            sql: """
                UPDATE session SET owner = ?, listNames = ?, lists = ?, start = ?, plannedEnd = ?, locked = ?,
                    endedAt = ?, outcome = ?, anchorBootID = ?, anchorSinceBoot = ?, anchorWall = ?, entryCount = ?,
                    programCount = ?, label = ?, pomodoroWork = ?, pomodoroBreak = ?, pomodoroCycles = ?,
                    pomodoroLongBreak = ?, pausedAt = ?, pausedSeconds = ?, pauses = ?, notify = ?, mode = ?,
                    pendingKind = ?, pendingRequestedAt = ?, pendingEffectiveAt = ?, pendingReason = ?, delay = ?,
                    pendingLists = ?
                WHERE id = ?
                """, arguments: try arguments(session) + [id])
    }

    /// Ends `sessions` at `time` with `outcome` (stopped, cleared), keeping
    /// their summaries only; returns them as ended.
    public func end(_ sessions: [Session], at time: Date, outcome: SessionOutcome) throws -> [Session] {
        try sessions.map { session in
            let ended = session.ended(at: time, outcome: outcome)
            try update(ended)
            return ended
        }
    }

    /// Ends every open session at `time` with `outcome`, damaged rows too
    /// (they keep their text for inspection); returns the readable ones as ended.
    public func endAllOpen(at time: Date, outcome: SessionOutcome) throws -> [Session] {
        let ended = try end(try openSessions(), at: time, outcome: outcome)
        try db.execute(
            sql: "UPDATE session SET endedAt = ?, outcome = ? WHERE endedAt IS NULL",
            arguments: [time.timeIntervalSince1970, outcome.rawValue])
        return ended
    }

    /// The sessions whose events may be due (`SessionAnnouncements`): the
    /// open ones, and the ended ones whose end was not announced, each with
    /// the marker last kept for it.
    public func announcing() throws -> [(session: Session, announced: String?)] {
        try Row.fetchAll(
            db,
            sql: """
                SELECT * FROM session WHERE endedAt IS NULL OR announced IS NULL OR announced != ? ORDER BY id
                """, arguments: [SessionAnnouncements.ended]
        ).compactMap { row in
            guard let session = try? Self.session(row) else { return nil }
            return (session, row["announced"] as String?)
        }
    }

    /// Keeps `marker` as what was last announced of session `id`.
    public func markAnnounced(_ id: Int64, _ marker: String) throws {
        try db.execute(sql: "UPDATE session SET announced = ? WHERE id = ?", arguments: [marker, id])
    }

    /// Moves every open session onto the wall clock of `reading`
    /// (`SessionClock.rebased`); returns how many changed.
    @discardableResult
    public func rebase(to reading: ClockReading) throws -> Int {
        let changed = try openSessions().compactMap { SessionClock.rebased($0, at: reading) }
        for session in changed { try update(session) }
        return changed.count
    }

    /// Applies what was due by `now` to every open session
    /// (`Session.settled(at:)`): a pending stop, pause, loosening or emergency exit
    /// whose time came, or a planned end that passed (completed at it).
    /// Returns the sessions that ended, as ended.
    public func settleDue(now: Date) throws -> [Session] {
        var ended: [Session] = []
        for session in try openSessions() {
            guard let settled = session.settled(at: now) else { continue }
            try update(settled)
            if settled.endedAt != nil { ended.append(settled) }
        }
        return ended
    }

    /// When `owner` asked for the emergency exits that ended sessions
    /// (outcome `emergency`) at or after `since`: what the week's allowance
    /// counts beside the pending ones (`EmergencyAllowance`).
    public func endedEmergencyExits(owner: UInt32, since: Date) throws -> [Date] {
        try Double.fetchAll(
            db,
            sql: """
                SELECT pendingRequestedAt FROM session WHERE owner = ? AND endedAt IS NOT NULL AND outcome = ?
                    AND pendingKind = ? AND pendingRequestedAt >= ?
                """,
            arguments: [
                Int64(owner), SessionOutcome.emergency.rawValue, PendingChange.Kind.emergency.rawValue,
                since.timeIntervalSince1970,
            ]
        ).map(Date.init(timeIntervalSince1970:))
    }

    private func arguments(_ session: Session) throws -> StatementArguments {
        [
            Int64(session.owner), session.lists.map(\.rawValue).joined(separator: ","),
            try StoredLists.encode(session.blockLists), session.start.timeIntervalSince1970,
            session.plannedEnd.timeIntervalSince1970, session.locked, session.endedAt?.timeIntervalSince1970,
            session.outcome?.rawValue, session.anchor?.bootID, session.anchor.map { Self.nanoseconds($0.sinceBoot) },
            session.anchor?.wall.timeIntervalSince1970, session.keptCounts?.entries, session.keptCounts?.programs,
            session.label?.rawValue,
        ] + (try timelineArguments(session))
    }

    private func timelineArguments(_ session: Session) throws -> StatementArguments {
        let plan = session.timeline.pomodoro
        return [
            plan?.work.seconds, plan?.shortBreak.seconds, plan?.cycles, plan?.longBreak.seconds,
            session.timeline.pausedAt?.timeIntervalSince1970, session.timeline.pausedSeconds,
            session.timeline.pauses, session.notify, session.mode.rawValue, session.pending?.kind.rawValue,
            session.pending?.requestedAt.timeIntervalSince1970, session.pending?.effectiveAt.timeIntervalSince1970,
            session.pending?.reason?.rawValue, session.delay,
            // Only a pending loosening keeps lists.
            try session.pendingLists.flatMap { session.pending?.kind == .loosen ? try StoredLists.encode($0) : nil },
        ]
    }

    private static func nanoseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }

    /// The rows `sql` selects, as sessions, and those that cannot be read.
    private func readableRows(
        _ sql: String,
        _ arguments: StatementArguments = []
    ) throws -> (sessions: [Session], damaged: [DamagedSession]) {
        var sessions: [Session] = []
        var damaged: [DamagedSession] = []
        for row in try Row.fetchAll(db, sql: sql, arguments: arguments) {
            do {
                sessions.append(try Self.session(row))
            } catch {
                damaged.append(DamagedSession(id: row["id"], reason: "\(error)"))
            }
        }
        return (sessions, damaged)
    }

    /// A row as a session; a damaged row is an error naming what is wrong, never a crash.
    static func session(_ row: Row) throws -> Session {
        let id: Int64 = row["id"]
        guard let ownerValue = row["owner"] as Int64?, let owner = UInt32(exactly: ownerValue),
            let listsText = row["lists"] as String?,
            let start = row["start"] as Double?, let end = row["plannedEnd"] as Double?,
            let locked = row["locked"] as Bool?
        else { throw StoreError.failed(path: "session \(id)", reason: "a field is missing or of the wrong type") }
        guard let mode = SessionMode(rawValue: row["mode"] as String? ?? SessionMode.block.rawValue) else {
            throw StoreError.failed(path: "session \(id)", reason: "its mode is neither block nor allow")
        }
        let lists: [BlockList]
        do {
            lists = try StoredLists.decode(listsText)
        } catch {
            throw StoreError.failed(path: "session \(id)", reason: "its lists do not decode: \(error)")
        }
        let outcome = (row["outcome"] as String?).flatMap(SessionOutcome.init(rawValue:))
        var anchor: BootAnchor?
        if let bootID = row["anchorBootID"] as String?, let sinceBoot = row["anchorSinceBoot"] as Int64?,
            let wall = row["anchorWall"] as Double?
        {
            anchor = BootAnchor(
                bootID: bootID, sinceBoot: .nanoseconds(sinceBoot), wall: Date(timeIntervalSince1970: wall))
        }
        var kept: ListCounts?
        if let entries = row["entryCount"] as Int?, let programs = row["programCount"] as Int? {
            kept = ListCounts(entries: entries, programs: programs)
        }
        var session = Session(
            id: id, owner: owner, blockLists: lists, start: Date(timeIntervalSince1970: start),
            plannedEnd: Date(timeIntervalSince1970: end), locked: locked,
            endedAt: (row["endedAt"] as Double?).map(Date.init(timeIntervalSince1970:)),
            outcome: outcome, anchor: anchor, keptCounts: kept,
            label: (row["label"] as String?).flatMap { try? SessionLabel($0) },
            notify: row["notify"] as Bool? ?? true, mode: mode)
        session.timeline.pomodoro = try pomodoro(row, id: id)
        session.timeline.pausedAt = (row["pausedAt"] as Double?).map(Date.init(timeIntervalSince1970:))
        session.timeline.pausedSeconds = max(0, row["pausedSeconds"] as Double? ?? 0)
        session.timeline.pauses = max(0, row["pauses"] as Int? ?? 0)
        session.pending = try pending(row, id: id)
        session.pendingLists = session.pending?.kind == .loosen ? try pendingLists(row, id: id) : nil
        session.delay = min(max(0, row["delay"] as Int? ?? 0), PendingChange.maximumDelay)
        return session
    }

    /// A row's pomodoro plan: none when its columns are empty, an error when they break the plan's bounds.
    private static func pomodoro(_ row: Row, id: Int64) throws -> PomodoroPlan? {
        guard let work = row["pomodoroWork"] as Int? else { return nil }
        guard let shortBreak = row["pomodoroBreak"] as Int?, let cycles = row["pomodoroCycles"] as Int?,
            let longBreak = row["pomodoroLongBreak"] as Int?
        else { throw StoreError.failed(path: "session \(id)", reason: "its pomodoro plan is incomplete") }
        do {
            return try PomodoroPlan(
                work: SessionLength(seconds: work), shortBreak: SessionLength(seconds: shortBreak),
                cycles: cycles, longBreak: SessionLength(seconds: longBreak))
        } catch {
            throw StoreError.failed(path: "session \(id)", reason: "its pomodoro plan is out of bounds: \(error)")
        }
    }
}

/// An open session whose row cannot be read: skipped, reported, and kept
/// in the store as it is, for inspection.
public struct DamagedSession: Sendable, Equatable, CustomStringConvertible {
    /// The row's id.
    public let id: Int64
    /// What is wrong with it.
    public let reason: String

    /// One line for notes and the daemon's log.
    public var description: String {
        Note.damagedSession(id: id, reason: reason).text
    }
}
