import Foundation
import GRDB
import RefocusCore

/// The windows of unlocked schedules (`lock = false`) that their users
/// ended for themselves (table `administeredWaiver`): the reconciler leaves
/// such a window out for that user until it ends, and the report shows
/// when it was waived. A schedule locked again is enforced whatever was waived.
extension SessionTransaction {
    /// Records that each user of `windows` waived their window at `now` (the first waiver of one is kept).
    public func waiveAdministered(_ windows: [ActiveAdministratorSession], uid: UInt32, now: Date) throws {
        for window in windows {
            try db.execute(
                sql: """
                    INSERT OR IGNORE INTO administeredWaiver (schedule, uid, windowStart, windowEnd, waivedAt)
                    VALUES (?, ?, ?, ?, ?)
                    """,
                arguments: [
                    window.name.rawValue, Int64(uid), window.start.timeIntervalSince1970,
                    window.end.timeIntervalSince1970, now.timeIntervalSince1970,
                ])
        }
    }

    /// The windows waived that end after `now`, with when each was waived;
    /// at most `AdministeredWindowRecord.maximumRows`.
    public func administeredWaivers(endingAfter now: Date) throws -> [AdministeredWindowKey: Date] {
        try waivers(where: "windowEnd > ?", now.timeIntervalSince1970)
    }

    /// The windows waived that started from `since` on, with when each was waived (for the report).
    public func administeredWaivers(since: Date) throws -> [AdministeredWindowKey: Date] {
        try waivers(where: "windowEnd >= ?", since.timeIntervalSince1970)
    }

    private func waivers(where condition: String, _ instant: Double) throws -> [AdministeredWindowKey: Date] {
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT schedule, uid, windowStart, waivedAt FROM administeredWaiver
                WHERE \(condition) ORDER BY windowStart DESC LIMIT ?
                """,
            arguments: [instant, AdministeredWindowRecord.maximumRows])
        var waivers: [AdministeredWindowKey: Date] = [:]
        for row in rows {
            let name: String? = row["schedule"], uid: Int64? = row["uid"]
            let start: Double? = row["windowStart"], waived: Double? = row["waivedAt"]
            guard let schedule = name.flatMap({ try? BlockListName($0) }), let uid = uid.flatMap(UInt32.init(exactly:)),
                let start, let waived
            else { continue }
            let key = AdministeredWindowKey(
                schedule: schedule, uid: uid, windowStart: Date(timeIntervalSince1970: start))
            waivers[key] = Date(timeIntervalSince1970: waived)
        }
        return waivers
    }
}
