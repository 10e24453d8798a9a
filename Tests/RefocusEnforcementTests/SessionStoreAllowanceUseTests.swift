import Foundation
import RefocusCore
import Testing
@testable import RefocusEnforcement
import RefocusTestSupport
@testable import RefocusPlanning

/// What `refocus stats` reads of the daily allowances' use
/// (`SessionTransaction.allowanceUse`): one owner's rows only, the
/// `allowanceUseDays` days before today on (and from `since` on), oldest
/// first, each with the allowance's seconds a day while it exists.
@Suite struct SessionStoreAllowanceUseTests {
    static let today = LocalDay(year: 2026, month: 11, day: 29)
    static let video = try! BlockListName("video")
    static let games = try! BlockListName("games")

    static func allowance(owner: UInt32, _ name: BlockListName, daily: Int) throws -> StoredAllowance {
        StoredAllowance(
            owner: owner, list: BlockList(name: name, entries: [], programs: [try ProgramName("mpv")]),
            allowance: try DailyAllowance(list: name, dailySeconds: daily))
    }

    @Test func onlyTheOwnersRowsOfTheLast60DaysWithTheirDailyLength() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try SessionStore(path: folder.path + "/refocus.sqlite")
        let today = Self.today
        try store.write { transaction in
            try transaction.save(try Self.allowance(owner: 1000, Self.video, daily: 600))
            try transaction.save(try Self.allowance(owner: 1001, Self.games, daily: 60))
            try transaction.keepUse(owner: 1000, list: Self.games, day: today.adding(days: -1), seconds: 30)
            try transaction.keepUse(owner: 1001, list: Self.games, day: today, seconds: 60)
            try transaction.keepUse(owner: 1001, list: Self.video, day: today.adding(days: -1), seconds: 5)
            // keepUse forgets days more than 60 before the day it keeps: these kept newest first, after the
            // others, the 61st stays in the table, as when nothing was kept for a while.
            for days in [0, 1, 59, 60, 61] {
                try transaction.keepUse(
                    owner: 1000, list: Self.video, day: today.adding(days: -days), seconds: 600 - days)
            }
        }
        #expect(
            try store.read { try $0.usedSeconds(owner: 1000, list: Self.video, day: today.adding(days: -61)) } == 539)
        // Damaged rows (a day that is no day, a list name that is none, seconds as text) are left out.
        try store.write { transaction in
            for (list, day, used) in [
                ("video", "2026-11-31", "7"), ("Video!", today.description, "7"), ("video", "2026-11-28x", "7"),
            ] {
                try transaction.db.execute(
                    sql: "INSERT INTO allowanceUse (owner, list, day, usedSeconds) VALUES (1000, ?, ?, ?)",
                    arguments: [list, day, Int(used)])
            }
            try transaction.db.execute(
                sql: "INSERT INTO allowanceUse (owner, list, day, usedSeconds) VALUES (1000, 'news', ?, 'many')",
                arguments: [today.description])
        }
        let rows = try store.read { try $0.allowanceUse(owner: 1000, today: today) }
        #expect(
            rows == [
                AllowanceUseDay(list: Self.video, day: today.adding(days: -60), usedSeconds: 540, dailySeconds: 600),
                AllowanceUseDay(list: Self.video, day: today.adding(days: -59), usedSeconds: 541, dailySeconds: 600),
                AllowanceUseDay(list: Self.games, day: today.adding(days: -1), usedSeconds: 30, dailySeconds: nil),
                AllowanceUseDay(list: Self.video, day: today.adding(days: -1), usedSeconds: 599, dailySeconds: 600),
                AllowanceUseDay(list: Self.video, day: today, usedSeconds: 600, dailySeconds: 600),
            ])
        #expect(rows.map(\.spent) == [false, false, false, false, true])
        // The 61st day is kept but not read. Another owner's, with their own daily length.
        #expect(
            try store.read { try $0.allowanceUse(owner: 1001, today: today) } == [
                AllowanceUseDay(list: Self.video, day: today.adding(days: -1), usedSeconds: 5, dailySeconds: nil),
                AllowanceUseDay(list: Self.games, day: today, usedSeconds: 60, dailySeconds: 60),
            ])
        #expect(try store.read { try $0.allowanceUse(owner: 1002, today: today) } == [])
        // Since yesterday: yesterday and today; since long ago: the 60 days still.
        #expect(
            try store.read { try $0.allowanceUse(owner: 1000, today: today, since: today.adding(days: -1)) }.map(\.day)
                == [today.adding(days: -1), today.adding(days: -1), today])
        #expect(
            try store.read { try $0.allowanceUse(owner: 1000, today: today, since: today.adding(days: -400)) }
                == rows)
        // A removed allowance's days stay, without a daily length.
        try store.write { try $0.removeAllowance(owner: 1000, list: Self.video) }
        #expect(
            try store.read { try $0.allowanceUse(owner: 1000, today: today) }.map(\.dailySeconds)
                == [nil, nil, nil, nil, nil])
    }

    @Test func atMostTheCapTheNewestKept() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try SessionStore(path: folder.path + "/refocus.sqlite")
        let names = try (0..<70).map { try BlockListName("list\($0)") }
        try store.write { transaction in
            for days in (0...60).reversed() {
                for name in names {
                    try transaction.keepUse(owner: 1000, list: name, day: Self.today.adding(days: -days), seconds: 1)
                }
            }
        }
        let rows = try store.read { try $0.allowanceUse(owner: 1000, today: Self.today) }
        #expect(rows.count == AllowanceUseDay.maximumRows)
        #expect(rows.last?.day == Self.today && rows.first.map { $0.day > Self.today.adding(days: -60) } == true)
        #expect(zip(rows, rows.dropFirst()).allSatisfy { $0.day < $1.day || ($0.day == $1.day && $0.list < $1.list) })
    }
}
