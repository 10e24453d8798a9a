import Foundation
import Logging
import RefocusCore
import RefocusEnforcement
import Testing
@testable import RefocusDaemon
@testable import RefocusPlanning

/// The daemon's counts of what each session blocked: kept in the store
/// when they change, final when a session ends, and resumed from the store
/// by a daemon started later.
@Suite struct BlockedTallyTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    static func session(_ entries: [String], programs: [String]) throws -> Session {
        let list = BlockList(
            name: try BlockListName("focus"), entries: Set(try entries.map { try BlockEntry(parsing: $0) }),
            programs: Set(try programs.map { try ProgramName($0) }))
        return Session(
            owner: 1000, blockLists: [list], start: start, plannedEnd: start.addingTimeInterval(3600), locked: false)
    }

    @Test func countsAreKeptWhenTheyChangeSettledAtTheEndAndResumedByTheNextDaemon() throws {
        let folder = NSTemporaryDirectory() + "refocus-tally-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = try SessionStore(path: folder + "/refocus.sqlite")
        let sessions = try store.write { transaction in
            [
                try transaction.insert(try Self.session([], programs: ["tv"])),
                try transaction.insert(try Self.session(["192.0.2.9"], programs: [])),
            ]
        }
        let (first, second) = (try #require(sessions[0].id), try #require(sessions[1].id))
        try store.write { try $0.keepBlockedCounts([first: BlockedCounts(attempts: 5, programsKilled: 2)]) }
        let logger = Logger(label: "test")
        let policy = Policy(), cache = AddressCache()
        let hits = [try IPAddress(parsing: "192.0.2.9"): UInt64(4)]

        let tally = BlockedTally(store: store, logger: logger)
        tally.record(
            [
                ProgramMatch(owner: 1000, program: try ProgramName("tv"), field: .comm),
                ProgramMatch(owner: 1001, program: try ProgramName("tv"), field: .comm),
            ], active: sessions, inForce: [])
        let counts = tally.counts(TableCounts(hits: hits), sessions: sessions, policy: policy, cache: cache)
        #expect(
            counts == [
                first: BlockedCounts(attempts: 5, programsKilled: 3),
                second: BlockedCounts(attempts: 4, programsKilled: 0),
            ],
            "the first resumed from the store; another uid's kill is no session's")
        tally.keep(counts)
        #expect(try store.read { try $0.blockedCounts(of: [first, second]) } == counts)

        // The first ends: its final counts stay in the store, and the tally forgets it.
        tally.settle([first: BlockedCounts(attempts: 6, programsKilled: 3)])
        #expect(
            try store.read { try $0.blockedCounts(of: [first]) } == [
                first: BlockedCounts(attempts: 6, programsKilled: 3)
            ])
        #expect(
            tally.counts(TableCounts(), sessions: [sessions[0]], policy: policy, cache: cache)
                == [first: BlockedCounts(attempts: 0, programsKilled: 0)])

        // A daemon started later (its new table counts from zero) goes on from what the store kept.
        _ = try store.write { try $0.end([sessions[0]], at: Self.start.addingTimeInterval(60), outcome: .stopped) }
        let next = BlockedTally(store: store, logger: logger)
        #expect(
            next.counts(TableCounts(), sessions: [sessions[1]], policy: policy, cache: cache)
                == [second: BlockedCounts(attempts: 4, programsKilled: 0)])
    }
}
