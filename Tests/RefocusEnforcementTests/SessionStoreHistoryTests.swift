import Foundation
import RefocusCore
import Testing
@testable import RefocusEnforcement
import RefocusTestSupport
@testable import RefocusPlanning

/// The store's history query: ended sessions only, newest end first, by owner, since a start, up to a limit.
@Suite struct SessionStoreHistoryTests {
    @Test func filtersByOwnerStartAndLimit() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try SessionStore(path: folder.path + "/store/refocus.sqlite")
        let list = BlockList(
            name: try BlockListName("work"), entries: [try BlockEntry(parsing: "a.example")], programs: [])
        let base = Date(timeIntervalSince1970: 1_800_000_000)
        // (owner, start in hours after base, ended): the open one is never history.
        let rows: [(UInt32, Double, Bool)] = [
            (1000, 0, true), (1000, 2, true), (1001, 3, true), (1000, 4, true), (1000, 5, false),
        ]
        try store.write { transaction in
            for (owner, hours, ended) in rows {
                let start = base.addingTimeInterval(hours * 3600)
                let session = try transaction.insert(
                    Session(
                        owner: owner, blockLists: [list], start: start,
                        plannedEnd: start.addingTimeInterval(3000), locked: false))
                if ended { _ = try transaction.end([session], at: start.addingTimeInterval(600), outcome: .stopped) }
            }
        }
        let ids = { (owner: UInt32?, since: Date?, limit: Int) in
            try store.read { try $0.history(owner: owner, since: since, limit: limit) }.compactMap(\.id)
        }
        #expect(try ids(nil, nil, 10) == [4, 3, 2, 1])
        #expect(try ids(1000, nil, 10) == [4, 2, 1])
        #expect(try ids(1000, nil, 2) == [4, 2])
        #expect(try ids(1000, base.addingTimeInterval(2 * 3600), 10) == [4, 2], "a start exactly at since counts")
        #expect(try ids(nil, base.addingTimeInterval(2 * 3600 + 1), 10) == [4, 3])
        #expect(try ids(1001, base.addingTimeInterval(5 * 3600), 10) == [])
    }
}
