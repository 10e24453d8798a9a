import Foundation
import GRDB
import RefocusCore

/// What `refocus stats` reads of the daily allowances' use (table
/// `allowanceUse`, with the seconds a day of the allowances that still exist).
extension SessionTransaction {
    /// `owner`'s use of their daily allowances per list and day, oldest day
    /// first (then by list): the days from `allowanceUseDays` before `today`
    /// on, and from `since` on when it is later; at most
    /// `AllowanceUseDay.maximumRows`, the newest. Each with the allowance's
    /// seconds a day when `owner` still has it (then spent when the use
    /// reached them). A row that cannot be read is left out.
    public func allowanceUse(owner: UInt32, today: LocalDay, since: LocalDay? = nil) throws -> [AllowanceUseDay] {
        let oldest = today.adding(days: -Self.allowanceUseDays)
        let first = since.map { max($0, oldest) } ?? oldest
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT kept.list, kept.day, kept.usedSeconds, allowance.dailySeconds FROM allowanceUse AS kept
                LEFT JOIN allowance ON allowance.owner = kept.owner AND allowance.list = kept.list
                WHERE kept.owner = ? AND kept.day >= ? ORDER BY kept.day DESC, kept.list DESC LIMIT ?
                """,
            arguments: [Int64(owner), first.description, AllowanceUseDay.maximumRows])
        return rows.reversed().compactMap(Self.allowanceUseDay)
    }

    /// A row as a day's use; nil when it cannot be read.
    private static func allowanceUseDay(_ row: Row) -> AllowanceUseDay? {
        guard let list = (row["list"] as String?).flatMap({ try? BlockListName($0) }),
            let day = (row["day"] as String?).flatMap({ LocalDay(text: $0) }),
            let used = row["usedSeconds"] as Int?
        else { return nil }
        let daily = (row["dailySeconds"] as Int?).flatMap { (1...DailyAllowance.maximumSeconds).contains($0) ? $0 : nil }
        return AllowanceUseDay(
            list: list, day: day, usedSeconds: min(max(0, used), AllowanceUseDay.maximumUsedSeconds),
            dailySeconds: daily)
    }
}
