import Foundation
import GRDB
import RefocusCore

/// The administrator's windows as the reconciles enforced them (table
/// `administeredWindow`), for `refocus-helper report`: one row per
/// schedule, user and window, with when a reconcile first and last found
/// it in force.
extension SessionTransaction {
    /// Records that `inForce` held at `now`, and that the windows of
    /// `continuing` (in force at this process's previous reconcile, and no
    /// longer) were enforced until `now` or their end, whichever came first.
    public func recordAdministered(
        _ inForce: [ActiveAdministratorSession], continuing: [AdministeredWindowKey], now: Date
    ) throws {
        let instant = now.timeIntervalSince1970
        for session in inForce {
            let lists = session.lists.map(\.name.rawValue).joined(separator: ",")
            for uid in session.uids {
                try db.execute(
                    sql: """
                        INSERT INTO administeredWindow
                          (schedule, uid, windowStart, windowEnd, lists, firstEnforced, lastEnforced)
                        VALUES (?, ?, ?, ?, ?, ?, ?)
                        ON CONFLICT (schedule, uid, windowStart) DO UPDATE SET
                          lastEnforced = max(lastEnforced, excluded.lastEnforced), windowEnd = excluded.windowEnd
                        """,
                    arguments: [
                        session.name.rawValue, Int64(uid), session.start.timeIntervalSince1970,
                        session.end.timeIntervalSince1970, lists, instant, instant,
                    ])
            }
        }
        for key in continuing {
            try db.execute(
                sql: """
                    UPDATE administeredWindow SET lastEnforced = max(lastEnforced, min(?, windowEnd))
                    WHERE schedule = ? AND uid = ? AND windowStart = ?
                    """,
                arguments: [instant, key.schedule.rawValue, Int64(key.uid), key.windowStart.timeIntervalSince1970])
        }
    }

    /// Adds what each window of `blocked` blocked since the last call: the
    /// connections refused to its user and their programs stopped. A window
    /// not yet recorded is left alone.
    public func addAdministeredBlocked(_ blocked: [AdministeredWindowKey: AdministeredBlocked]) throws {
        for (key, counts) in blocked where counts != AdministeredBlocked() {
            try db.execute(
                sql: """
                    UPDATE administeredWindow SET refused = refused + ?, programsStopped = programsStopped + ?
                    WHERE schedule = ? AND uid = ? AND windowStart = ?
                    """,
                arguments: [
                    Int64(clamping: counts.refused), Int64(clamping: counts.programsStopped), key.schedule.rawValue,
                    Int64(key.uid), key.windowStart.timeIntervalSince1970,
                ])
        }
    }

    /// The windows enforced at some time from `since` on, oldest first; at
    /// most `AdministeredWindowRecord.maximumRows`, the newest. A row that
    /// cannot be read is left out.
    public func administeredWindows(since: Date) throws -> [AdministeredWindowRecord] {
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT schedule, uid, windowStart, windowEnd, lists, firstEnforced, lastEnforced, refused,
                  programsStopped
                FROM administeredWindow WHERE lastEnforced >= ? ORDER BY windowStart DESC LIMIT ?
                """,
            arguments: [since.timeIntervalSince1970, AdministeredWindowRecord.maximumRows])
        return rows.reversed().compactMap { row -> AdministeredWindowRecord? in
            let name: String? = row["schedule"], listText: String? = row["lists"], uid: Int64? = row["uid"]
            let start: Double? = row["windowStart"], end: Double? = row["windowEnd"]
            let first: Double? = row["firstEnforced"], last: Double? = row["lastEnforced"]
            let refused: Int64? = row["refused"], stopped: Int64? = row["programsStopped"]
            guard let schedule = name.flatMap({ try? BlockListName($0) }), let uid = uid.flatMap(UInt32.init(exactly:)),
                let listText, let start, let end, let first, let last
            else { return nil }
            let lists = listText.split(separator: ",").compactMap { try? BlockListName(String($0)) }
            return AdministeredWindowRecord(
                schedule: schedule, uid: uid, lists: lists,
                window: Date(timeIntervalSince1970: start)..<Date(timeIntervalSince1970: max(start, end)),
                enforced: Date(timeIntervalSince1970: first)...Date(timeIntervalSince1970: max(first, last)),
                blocked: AdministeredBlocked(
                    refused: UInt64(clamping: max(0, refused ?? 0)),
                    programsStopped: Int(clamping: max(0, stopped ?? 0))))
        }
    }
}

/// Which window of which schedule bound which user: a row's key.
public struct AdministeredWindowKey: Sendable, Hashable {
    /// The schedule's name.
    public var schedule: BlockListName
    /// The user.
    public var uid: UInt32
    /// When the window started.
    public var windowStart: Date

    /// The key of `schedule`'s window from `windowStart` for `uid`.
    public init(schedule: BlockListName, uid: UInt32, windowStart: Date) {
        self.schedule = schedule
        self.uid = uid
        self.windowStart = windowStart
    }

    /// The keys of the windows `sessions` hold, one per user.
    public static func of(_ sessions: [ActiveAdministratorSession]) -> Set<AdministeredWindowKey> {
        Set(
            sessions.flatMap { session in
                session.uids.map { AdministeredWindowKey(schedule: session.name, uid: $0, windowStart: session.start) }
            })
    }
}

/// One window of a schedule as the store kept it for `refocus-helper report`.
public struct AdministeredWindowRecord: Sendable, Equatable {
    /// The most rows one report reads: a year of a window an hour for one user… and then some.
    public static let maximumRows = 100_000
    /// The schedule's name.
    public var schedule: BlockListName
    /// The user it bound.
    public var uid: UInt32
    /// Its lists, by name.
    public var lists: [BlockListName]
    /// The window, as the schedule set it.
    public var window: Range<Date>
    /// From the first reconcile that found it in force to the last (or the window's end, reached in force).
    public var enforced: ClosedRange<Date>
    /// What it blocked for its user.
    public var blocked: AdministeredBlocked

    /// A record of these values.
    public init(
        schedule: BlockListName, uid: UInt32, lists: [BlockListName], window: Range<Date>, enforced: ClosedRange<Date>,
        blocked: AdministeredBlocked = AdministeredBlocked()
    ) {
        self.schedule = schedule
        self.uid = uid
        self.lists = lists
        self.window = window
        self.enforced = enforced
        self.blocked = blocked
    }

    /// How long it was enforced, in seconds.
    public var enforcedSeconds: Int { Int(enforced.upperBound.timeIntervalSince(enforced.lowerBound).rounded()) }
}
