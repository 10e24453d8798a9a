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
    ///
    /// Read as `focusRecords` reads (`RawRows`, list names and days parsed
    /// once each), since it lies on the path of `refocus stats`.
    public func allowanceUse(owner: UInt32, today: LocalDay, since: LocalDay? = nil) throws -> [AllowanceUseDay] {
        let oldest = today.adding(days: -Self.allowanceUseDays)
        let first = since.map { max($0, oldest) } ?? oldest
        var lists = Interned<BlockListName> { try BlockListName($0) }
        var days = Interned<LocalDay> { text in
            guard let day = LocalDay(text: text) else { throw AllowanceUseRowError() }
            return day
        }
        let rows = try RawRows(
            db.makeStatement(
                sql: """
                    SELECT kept.list, kept.day, kept.usedSeconds, allowance.dailySeconds FROM allowanceUse AS kept
                    LEFT JOIN allowance ON allowance.owner = kept.owner AND allowance.list = kept.list
                    WHERE kept.owner = ? AND kept.day >= ? ORDER BY kept.day DESC, kept.list DESC LIMIT ?
                    """),
            arguments: [Int64(owner), first.description, AllowanceUseDay.maximumRows])
        var use: [AllowanceUseDay] = []
        while try rows.next() {
            guard let list = try? rows.text(0, { try lists.value($0) }),
                let day = try? rows.text(1, { try days.value($0) }),
                let used = rows.int(2)
            else { continue }
            let daily = rows.int(3).flatMap { (1...DailyAllowance.maximumSeconds).contains($0) ? $0 : nil }
            use.append(
                AllowanceUseDay(
                    list: list, day: day, usedSeconds: min(max(0, used), AllowanceUseDay.maximumUsedSeconds),
                    dailySeconds: daily))
        }
        return use.reversed()
    }
}

/// A row's day that is no day.
private struct AllowanceUseRowError: Error {}
