import Foundation
import GRDB
import RefocusCore
import Testing
@testable import RefocusEnforcement
import RefocusTestSupport
@testable import RefocusPlanning

/// What stats read of the store: blocked counts kept per session (migration
/// v6), and ended sessions as focus records, oldest first, by owner and since a start.
@Suite struct SessionStoreFocusTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    static func list(_ name: String) throws -> BlockList {
        BlockList(name: try BlockListName(name), entries: [try BlockEntry(parsing: "\(name).example")], programs: [])
    }

    @Test func blockedCountsRoundTripAndStayOnTheEndedSession() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try SessionStore(path: folder.path + "/refocus.sqlite")
        let session = try store.write {
            try $0.insert(
                Session(
                    owner: 1000, blockLists: [try Self.list("news")], start: Self.start,
                    plannedEnd: Self.start.addingTimeInterval(3600), locked: false))
        }
        let id = try #require(session.id)
        #expect(try store.read { try $0.blockedCounts(of: [id]) } == [:], "nothing kept yet")
        try store.write { try $0.keepBlockedCounts([id: BlockedCounts(attempts: 7, programsKilled: 2)]) }
        #expect(
            try store.read { try $0.blockedCounts(of: [id, 99]) } == [id: BlockedCounts(attempts: 7, programsKilled: 2)]
        )
        // Ending (and updating) a session leaves its counts alone.
        _ = try store.write { try $0.end([session], at: Self.start.addingTimeInterval(600), outcome: .stopped) }
        let record = try #require(try store.read { try $0.focusRecords(owner: 1000) }.first)
        #expect(record.blocked == BlockedCounts(attempts: 7, programsKilled: 2))
        #expect(record.focusedSeconds == 600 && record.outcome == .stopped && record.lists.map(\.rawValue) == ["news"])
        try store.write { try $0.keepBlockedCounts([id: BlockedCounts(attempts: 9, programsKilled: 3)]) }
        #expect(try store.read { try $0.blockedCounts(of: [id]) }[id] == BlockedCounts(attempts: 9, programsKilled: 3))
    }

    @Test func migrationV6LeavesEarlierSessionsWithoutCounts() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.path + "/refocus.sqlite"
        let queue = try DatabaseQueue(path: path)
        try SessionStore.migrator.migrate(queue, upTo: "v5: pomodoro plans, pauses, notifications, announced events")
        try queue.write { db in
            for (id, ended) in [(1, true), (2, false)] {
                try db.execute(
                    sql: """
                        INSERT INTO session (id, owner, listNames, lists, start, plannedEnd, locked, endedAt, outcome,
                            entryCount, programCount, label, pausedSeconds, pauses)
                        VALUES (?, 1000, 'news', '[{"entries":[],"name":"news","programs":[]}]', 1800000000, 1800003600, 0,
                            ?, ?, 1, 0, 'thesis', 60, 1)
                        """, arguments: [id, ended ? 1800000600 : nil, ended ? "completed" : nil])
            }
        }
        let store = try SessionStore(path: path)
        let records = try store.read { try $0.focusRecords(owner: nil) }
        #expect(
            records == [
                FocusRecord(
                    id: 1, start: Self.start, end: Self.start.addingTimeInterval(600),
                    focusedSeconds: 540, outcome: .completed, lists: [try BlockListName("news")],
                    label: try SessionLabel("thesis"), blocked: nil)
            ],
            "nil counts, not zero; the open session is not history")
        #expect(try store.read { try $0.blockedCounts(of: [1, 2]) } == [:])
        let indexes = try queue.read {
            try String.fetchAll($0, sql: "SELECT name FROM sqlite_master WHERE type = 'index'")
        }
        #expect(indexes.contains("session_focus"))
    }

    @Test func focusRecordsAreOldestFirstByOwnerAndSince() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try SessionStore(path: folder.path + "/refocus.sqlite")
        // (owner, start in hours after start, ended), inserted out of start order.
        let rows: [(UInt32, Double, Bool)] = [
            (1000, 4, true), (1000, 0, true), (1001, 3, true), (1000, 2, true),
            (1000, 5, false),
        ]
        let plan = try PomodoroPlan(
            work: SessionLength(seconds: 1500), shortBreak: SessionLength(seconds: 300),
            cycles: 2, longBreak: SessionLength(seconds: 900))
        try store.write { transaction in
            for (owner, hours, ended) in rows {
                let start = Self.start.addingTimeInterval(hours * 3600)
                let session = try transaction.insert(
                    Session(
                        owner: owner, blockLists: [try Self.list("work"), try Self.list("chat")], start: start,
                        plannedEnd: start.addingTimeInterval(Double(plan.total)), locked: false, pomodoro: plan))
                if ended { _ = try transaction.end([session], at: start.addingTimeInterval(2000), outcome: .stopped) }
            }
        }
        let starts = { (owner: UInt32?, since: Date?) in
            try store.read { try $0.focusRecords(owner: owner, since: since) }.map {
                $0.start.timeIntervalSince(Self.start) / 3600
            }
        }
        #expect(try starts(nil, nil) == [0, 2, 3, 4])
        #expect(try starts(1000, nil) == [0, 2, 4])
        #expect(try starts(1000, Self.start.addingTimeInterval(2 * 3600)) == [2, 4], "a start exactly at since counts")
        #expect(try starts(1001, Self.start.addingTimeInterval(4 * 3600)) == [])
        // The focus verb's cap: the oldest rows up to the limit.
        let firstTwo = try store.read { try $0.focusRecords(owner: nil, limit: 2) }
        #expect(firstTwo.map { $0.start.timeIntervalSince(Self.start) / 3600 } == [0, 2])
        let record = try #require(try store.read { try $0.focusRecords(owner: 1000) }.first)
        let session = try #require(try store.read { try $0.history(owner: 1000, limit: 10) }.last)
        #expect(record == session.focusRecord(), "the same record as from the whole row")
        #expect(
            record.focusedSeconds == 1700 && record.completedWork == 1
                && record.lists.map(\.rawValue) == ["chat", "work"])
    }

    /// Lists and labels read once per distinct text, however many there
    /// are (past 16 they are looked up by hash): each record the same as
    /// the one its whole row gives.
    @Test(arguments: [3, 40])
    func manyDistinctListsAndLabelsReadAsTheirRows(_ distinct: Int) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try SessionStore(path: folder.path + "/refocus.sqlite")
        try store.write { transaction in
            for index in 0..<(distinct * 2) {
                let start = Self.start.addingTimeInterval(Double(index) * 3600)
                let session = try transaction.insert(
                    Session(
                        owner: 1000, blockLists: [try Self.list("list-\(index % distinct)")], start: start,
                        plannedEnd: start.addingTimeInterval(1800), locked: false,
                        label: try SessionLabel("label \(index % distinct)")))
                _ = try transaction.end([session], at: start.addingTimeInterval(1200), outcome: .stopped)
            }
        }
        let records = try store.read { try $0.focusRecords(owner: 1000) }
        let sessions = try store.read { try $0.history(owner: 1000, limit: 1000) }.reversed()
        #expect(records.count == distinct * 2)
        #expect(records == sessions.map { $0.focusRecord() })
        #expect(Set(records.compactMap(\.label?.rawValue)).count == distinct)
    }
}
