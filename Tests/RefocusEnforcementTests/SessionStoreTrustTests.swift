import Foundation
import GRDB
import RefocusCore
import Testing
@testable import RefocusEnforcement
import RefocusTestSupport
@testable import RefocusPlanning

/// Stored rows are trusted data: a domain that has since become a public
/// suffix is still read, a row that cannot be read is isolated, and ended
/// sessions keep their summary only.
@Suite struct SessionStoreTrustTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    static func list(_ name: String, _ entries: [String], programs: [String] = []) throws -> BlockList {
        BlockList(
            name: try BlockListName(name), entries: Set(try entries.map { try BlockEntry(parsing: $0) }),
            programs: Set(try programs.map { try ProgramName($0) }))
    }

    static func session(_ owner: UInt32, _ lists: [BlockList]) -> Session {
        Session(owner: owner, blockLists: lists, start: start, plannedEnd: start.addingTimeInterval(3600), locked: true)
    }

    /// Runs `sql` on the store's file through a connection of its own, as a person with sqlite3 would.
    static func edit(_ path: String, _ sql: String) throws {
        try DatabaseQueue(path: path).write { try $0.execute(sql: sql) }
    }

    @Test func aStoredDomainThatBecameAPublicSuffixIsStillEnforced() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.path + "/refocus.sqlite"
        let store = try SessionStore(path: path)
        let stored = try store.write { try $0.insert(Self.session(1000, [try Self.list("dev", ["pages.example"])])) }
        try Self.edit(
            path, "UPDATE session SET lists = replace(lists, 'pages.example', 'github.io') WHERE id = \(stored.id ?? 0)"
        )
        let read = try store.read { try $0.openSessions() }
        #expect(read.map { $0.blockLists[0].domains.map(\.ascii) } == [["github.io"]])
        #expect(try store.read { try $0.damagedOpenSessions() }.isEmpty)
    }

    @Test func aRowThatCannotBeReadIsSkippedReportedKeptAndClearedWithTheRest() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.path + "/refocus.sqlite"
        let store = try SessionStore(path: path)
        let good = try store.write { try $0.insert(Self.session(1000, [try Self.list("a", ["a.example"])])) }
        let bad = try store.write { try $0.insert(Self.session(1001, [try Self.list("b", ["b.example"])])) }
        let badID = try #require(bad.id)
        try Self.edit(
            path,
            "UPDATE session SET lists = '[{\"name\":\"b\",\"entries\":[\"b.example\\n1.2.3.4 bank.example\"],\"programs\":[]}]' WHERE id = \(badID)"
        )
        #expect(try store.read { try $0.openSessions() }.map(\.id) == [good.id])
        let damaged = try store.read { try $0.damagedOpenSessions() }
        #expect(damaged.map(\.id) == [badID])
        #expect(damaged.first?.description.contains("session \(badID) cannot be read from the store") == true)
        #expect(damaged.first?.description.contains("'refocus-helper clear' ends it") == true)
        let ended = try store.write { try $0.endAllOpen(at: Self.start.addingTimeInterval(60), outcome: .cleared) }
        #expect(ended.map(\.id) == [good.id])
        #expect(try store.read { try $0.damagedOpenSessions() }.isEmpty, "the damaged row is ended too")
        let text = try DatabaseQueue(path: path).read {
            try String.fetchOne($0, sql: "SELECT lists FROM session WHERE id = \(badID)")
        }
        #expect(text?.contains("bank.example") == true, "kept as it was, for inspection")
    }

    @Test func anEndedSessionKeepsItsSummaryAndDropsItsLists() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.path + "/refocus.sqlite"
        let store = try SessionStore(path: path)
        let lists = [
            try Self.list("news", ["a.example", "b.example", "192.0.2.9"], programs: ["tv"]),
            try Self.list("social", ["a.example", "c.example"], programs: ["tv", "chat"]),
        ]
        let session = try store.write { try $0.insert(Self.session(1000, lists)) }
        _ = try store.write { try $0.end([session], at: Self.start.addingTimeInterval(600), outcome: .stopped) }
        let text = try DatabaseQueue(path: path).read { try String.fetchOne($0, sql: "SELECT lists FROM session") }
        #expect(text == #"[{"entries":[],"name":"news","programs":[]},{"entries":[],"name":"social","programs":[]}]"#)
        let summary = try #require(try store.read { try $0.history(owner: nil, limit: 10) }.first?.summary(at: Date()))
        #expect(summary.lists.map(\.rawValue) == ["news", "social"])
        #expect(summary.entries == 4 && summary.programs == 2, "distinct entries and programs: \(summary)")
        #expect(summary.outcome == .stopped)
    }

    @Test func theMigrationCompactsEarlierHistoryAndLeavesOpenSessionsWhole() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.path + "/refocus.sqlite"
        let queue = try DatabaseQueue(path: path)
        try SessionStore.migrator.migrate(queue, upTo: "v2: boot-time anchors")
        let full = #"[{"entries":["a.example","b.example"],"name":"news","programs":["tv"]}]"#
        try queue.write { db in
            for (id, ended) in [(1, true), (2, false)] {
                try db.execute(
                    sql: """
                        INSERT INTO session (id, owner, listNames, lists, start, plannedEnd, locked, endedAt, outcome)
                        VALUES (?, 1000, 'news', ?, 1800000000, 1800003600, 0, ?, ?)
                        """, arguments: [id, full, ended ? 1800000600 : nil, ended ? "stopped" : nil])
            }
        }
        let store = try SessionStore(path: path)
        let history = try #require(try store.read { try $0.history(owner: nil, limit: 10) }.first)
        #expect(history.blockLists.map(\.isEmpty) == [true])
        #expect(history.summary(at: Date()).entries == 2 && history.summary(at: Date()).programs == 1)
        #expect(try store.read { try $0.openSessions() }.first?.blockLists.first?.entries.count == 2)
    }
}

/// A store that is not a whole database, or that a newer ReFocus migrated,
/// is a clear error naming the file and what to do, never a crash.
@Suite struct DamagedStoreTests {
    /// What opening the store at a path `prepare` made throws; `after` looks at the file then.
    static func store(_ prepare: (String) throws -> Void, after: (String) throws -> Void = { _ in }) throws -> (
        any Error
    )? {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.path + "/refocus.sqlite"
        try prepare(path)
        var thrown: (any Error)?
        do {
            _ = try SessionStore(path: path)
        } catch {
            thrown = error
        }
        try after(path)
        return thrown
    }

    /// A real store with a session, to damage.
    static func realStore(_ path: String) throws {
        let store = try SessionStore(path: path)
        _ = try store.write {
            try $0.insert(SessionStoreTrustTests.session(1000, [try SessionStoreTrustTests.list("a", ["a.example"])]))
        }
        // Everything written to the main file, none left in the write-ahead log.
        _ = try DatabaseQueue(path: path).writeWithoutTransaction { try $0.checkpoint(.truncate) }
    }

    @Test func aTruncatedFileIsNamedWithTheWayOut() throws {
        let error = try Self.store { path in
            try Self.realStore(path)
            let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: path))
            try? FileManager.default.removeItem(atPath: path + "-wal")
            try? FileManager.default.removeItem(atPath: path + "-shm")
        }
        let damaged = try #require(error as? StoreError, "\(String(describing: error))")
        guard case .damaged(let named, _) = damaged else { Issue.record("\(damaged)"); return }
        #expect(named.hasSuffix("/refocus.sqlite"))
        #expect(damaged.category == .data)
        #expect(damaged.description.contains("is damaged"))
        #expect(
            damaged.description.contains(
                "move it aside ('mv \(named) \(named).damaged') and run 'refocus-helper clear'"))
    }

    @Test func garbageIsNamedWithTheWayOut() throws {
        let error = try Self.store { path in
            try Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }).write(to: URL(fileURLWithPath: path))
        }
        let damaged = try #require(error as? StoreError, "\(String(describing: error))")
        #expect(damaged.description.contains("is damaged (file is not a database)"), "\(damaged)")
    }

    @Test func aSchemaFromTheFutureIsRefusedUnchanged() throws {
        var before: [String] = []
        var after: [String] = []
        let schema = { (path: String) in
            try DatabaseQueue(path: path).read {
                try String.fetchAll($0, sql: "SELECT name || coalesce(sql, '') FROM sqlite_master ORDER BY name")
            }
        }
        let error = try Self.store(
            { path in
                try Self.realStore(path)
                try DatabaseQueue(path: path).write {
                    try $0.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v9: from a newer ReFocus')")
                }
                before = try schema(path)
            }, after: { after = try schema($0) })
        let newer = try #require(error as? StoreError, "\(String(describing: error))")
        #expect(newer.category == .configuration)
        #expect(
            newer.description.contains(
                "was written by a newer ReFocus (v9: from a newer ReFocus); install that "
                    + "version again, or move the store aside"), "\(newer)")
        #expect(!before.isEmpty && after == before, "nothing migrated")
    }
}
