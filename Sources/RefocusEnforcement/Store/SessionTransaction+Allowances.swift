import Foundation
import GRDB
import RefocusCore
import RefocusPlanning

/// Daily allowances in the store: the allowances (table `allowance`: owner,
/// list name, the list whole as a session keeps it, seconds a day, reset
/// minute, locked until) and their use per day (table `allowanceUse`:
/// owner, list, the day's key, seconds used), kept `allowanceUseDays` days.
/// A row that cannot be read is left out, never a crash.
extension SessionTransaction {
    /// How many days of use are kept (what `refocus stats` shows at most).
    public static let allowanceUseDays = 60

    /// The allowances of `owner`, or everyone's when nil, by owner and list.
    public func allowances(owner: UInt32? = nil) throws -> [StoredAllowance] {
        try Row.fetchAll(
            db, sql: "SELECT * FROM allowance WHERE ?1 IS NULL OR owner = ?1 ORDER BY owner, list",
            arguments: [owner.map { Int64($0) }]
        ).compactMap(Self.allowance)
    }

    /// Writes `allowance`, new or in place of the owner's one for its list.
    public func save(_ allowance: StoredAllowance) throws {
        try db.execute(
            sql: """
                INSERT INTO allowance (owner, list, lists, dailySeconds, resetMinute, lockedUntil)
                VALUES (?, ?, ?, ?, ?, ?)
                ON CONFLICT (owner, list) DO UPDATE SET lists = excluded.lists,
                    dailySeconds = excluded.dailySeconds, resetMinute = excluded.resetMinute,
                    lockedUntil = excluded.lockedUntil
                """,
            arguments: [
                Int64(allowance.owner), allowance.name.rawValue, try StoredLists.encode([allowance.list]),
                allowance.allowance.dailySeconds, allowance.allowance.resetMinute,
                allowance.lockedUntil?.timeIntervalSince1970,
            ])
    }

    /// Removes `owner`'s allowance for `list` (its use is kept).
    public func removeAllowance(owner: UInt32, list: BlockListName) throws {
        try db.execute(
            sql: "DELETE FROM allowance WHERE owner = ? AND list = ?", arguments: [Int64(owner), list.rawValue])
    }

    /// The seconds `owner` used of `list`'s allowance on `day`; 0 when nothing was counted.
    public func usedSeconds(owner: UInt32, list: BlockListName, day: LocalDay) throws -> Int {
        let used = try Int.fetchOne(
            db, sql: "SELECT usedSeconds FROM allowanceUse WHERE owner = ? AND list = ? AND day = ?",
            arguments: [Int64(owner), list.rawValue, day.description])
        return max(0, used ?? 0)
    }

    /// Keeps `seconds` as the use of `owner`'s `list` on `day`, never less
    /// than what was kept (the daemon's count only grows within a day), and
    /// forgets the use of days older than `allowanceUseDays`.
    public func keepUse(owner: UInt32, list: BlockListName, day: LocalDay, seconds: Int) throws {
        try db.execute(
            sql: """
                INSERT INTO allowanceUse (owner, list, day, usedSeconds) VALUES (?, ?, ?, ?)
                ON CONFLICT (owner, list, day) DO UPDATE SET usedSeconds = MAX(usedSeconds, excluded.usedSeconds)
                """,
            arguments: [Int64(owner), list.rawValue, day.description, max(0, seconds)])
        try db.execute(
            sql: "DELETE FROM allowanceUse WHERE day < ?",
            arguments: [day.adding(days: -Self.allowanceUseDays).description])
    }

    /// A row as an allowance; nil when it cannot be read.
    private static func allowance(_ row: Row) -> StoredAllowance? {
        guard let ownerValue = row["owner"] as Int64?, let owner = UInt32(exactly: ownerValue),
            let name = (row["list"] as String?).flatMap({ try? BlockListName($0) }),
            let text = row["lists"] as String?, let lists = try? StoredLists.decode(text), lists.count == 1,
            let list = lists.first, list.name == name,
            let daily = row["dailySeconds"] as Int?, let resetMinute = row["resetMinute"] as Int?,
            let allowance = try? DailyAllowance(list: name, dailySeconds: daily, resetMinute: resetMinute)
        else { return nil }
        return StoredAllowance(
            owner: owner, list: list, allowance: allowance,
            lockedUntil: (row["lockedUntil"] as Double?).map(Date.init(timeIntervalSince1970:)))
    }
}
