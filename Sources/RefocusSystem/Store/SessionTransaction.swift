import Foundation
import GRDB
import RefocusCore

/// Reads and writes sessions inside one store transaction.
public struct SessionTransaction {
    let db: Database

    /// Every session that has not ended (its end may have passed: see `endExpired`).
    public func openSessions() throws -> [Session] {
        try rows("SELECT * FROM session WHERE endedAt IS NULL ORDER BY id")
    }

    /// Ended sessions, newest first; those of `owner` only, and those started
    /// at or after `since` only, when given.
    public func history(owner: UInt32?, since: Date? = nil, limit: Int) throws -> [Session] {
        try rows("""
            SELECT * FROM session WHERE endedAt IS NOT NULL AND (?1 IS NULL OR owner = ?1) AND (?2 IS NULL OR start >= ?2)
            ORDER BY endedAt DESC, id DESC LIMIT ?3
            """, [owner.map { Int64($0) }, since?.timeIntervalSince1970, limit])
    }

    /// Stores a new session and returns it with its id.
    public func insert(_ session: Session) throws -> Session {
        try db.execute(sql: """
            INSERT INTO session (owner, listNames, lists, start, plannedEnd, locked, endedAt, outcome,
                anchorBootID, anchorSinceBoot, anchorWall)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, arguments: try arguments(session))
        var stored = session
        stored.id = db.lastInsertedRowID
        return stored
    }

    /// Updates a stored session's lists, end, lock, and ending.
    public func update(_ session: Session) throws {
        guard let id = session.id else { return }
        try db.execute(sql: """
            UPDATE session SET owner = ?, listNames = ?, lists = ?, start = ?, plannedEnd = ?, locked = ?,
                endedAt = ?, outcome = ?, anchorBootID = ?, anchorSinceBoot = ?, anchorWall = ? WHERE id = ?
            """, arguments: try arguments(session) + [id])
    }

    /// Ends `sessions` at `time` with `outcome` (stopped, cleared); returns them as ended.
    public func end(_ sessions: [Session], at time: Date, outcome: SessionOutcome) throws -> [Session] {
        try sessions.map { session in
            var ended = session
            ended.endedAt = time
            ended.outcome = outcome
            try update(ended)
            return ended
        }
    }

    /// Moves every open session onto the wall clock of `reading`
    /// (`SessionClock.rebased`); returns how many changed.
    @discardableResult
    public func rebase(to reading: ClockReading) throws -> Int {
        let changed = try openSessions().compactMap { SessionClock.rebased($0, at: reading) }
        for session in changed { try update(session) }
        return changed.count
    }

    /// Ends every open session whose planned end is not after `now`, as
    /// completed at its planned end; returns them.
    public func endExpired(now: Date) throws -> [Session] {
        let expired = try openSessions().filter { $0.plannedEnd <= now }
        for var session in expired {
            session.endedAt = session.plannedEnd
            session.outcome = .completed
            try update(session)
        }
        return expired
    }

    private func arguments(_ session: Session) throws -> StatementArguments {
        let lists = String(decoding: try HelperProtocol.encoder().encode(session.blockLists), as: UTF8.self)
        return [Int64(session.owner), session.lists.map(\.rawValue).joined(separator: ","), lists,
                session.start.timeIntervalSince1970, session.plannedEnd.timeIntervalSince1970, session.locked,
                session.endedAt?.timeIntervalSince1970, session.outcome?.rawValue, session.anchor?.bootID,
                session.anchor.map { Self.nanoseconds($0.sinceBoot) }, session.anchor?.wall.timeIntervalSince1970]
    }

    private static func nanoseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }

    private func rows(_ sql: String, _ arguments: StatementArguments = []) throws -> [Session] {
        try Row.fetchAll(db, sql: sql, arguments: arguments).map(Self.session)
    }

    /// A row as a session; a damaged row is an error naming its id, never a crash.
    private static func session(_ row: Row) throws -> Session {
        let id: Int64 = row["id"]
        guard let owner = UInt32(exactly: row["owner"] as Int64),
              let listsText = row["lists"] as String?,
              let start = row["start"] as Double?, let end = row["plannedEnd"] as Double?
        else { throw StoreError.failed(path: "session \(id)", reason: "the row is damaged") }
        let lists: [BlockList]
        do {
            lists = try HelperProtocol.decoder().decode([BlockList].self, from: Data(listsText.utf8))
        } catch {
            throw StoreError.failed(path: "session \(id)", reason: "its lists do not decode: \(error)")
        }
        let outcome = (row["outcome"] as String?).flatMap(SessionOutcome.init(rawValue:))
        var anchor: BootAnchor?
        if let bootID = row["anchorBootID"] as String?, let sinceBoot = row["anchorSinceBoot"] as Int64?,
           let wall = row["anchorWall"] as Double? {
            anchor = BootAnchor(bootID: bootID, sinceBoot: .nanoseconds(sinceBoot), wall: Date(timeIntervalSince1970: wall))
        }
        return Session(id: id, owner: owner, blockLists: lists, start: Date(timeIntervalSince1970: start),
                       plannedEnd: Date(timeIntervalSince1970: end), locked: row["locked"],
                       endedAt: (row["endedAt"] as Double?).map(Date.init(timeIntervalSince1970:)), outcome: outcome,
                       anchor: anchor)
    }
}
