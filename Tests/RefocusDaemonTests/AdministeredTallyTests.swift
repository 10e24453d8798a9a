import Foundation
import Logging
import RefocusCore
@testable import RefocusEnforcement
import Testing
@testable import RefocusDaemon
@testable import RefocusPlanning

/// What the administrator's windows blocked for their users, for the
/// report: the refusals of each user's own rules and their programs
/// stopped, added to the windows in force for them as differences, carried
/// across table replacements, and kept in the store's window rows.
@Suite struct AdministeredTallyTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    static func window(_ name: String, uids: [UInt32], programs: [String] = []) throws -> ActiveAdministratorSession {
        let list = BlockList(
            name: try BlockListName("games"), entries: [try BlockEntry(parsing: "games.example")],
            programs: Set(try programs.map { try ProgramName($0) }))
        return ActiveAdministratorSession(
            name: try BlockListName(name), lists: [list], uids: uids, lock: true, start: start,
            end: start.addingTimeInterval(3600))
    }

    static func key(_ name: String, _ uid: UInt32) throws -> AdministeredWindowKey {
        AdministeredWindowKey(schedule: try BlockListName(name), uid: uid, windowStart: start)
    }

    @Test func differencesGoToTheWindowsInForceAndSurviveATableReplacement() throws {
        let nights = try Self.window("nights", uids: [1001, 1002], programs: ["supertux2"])
        let homework = try Self.window("homework", uids: [1001])
        var tally = AdministeredTally()
        tally.record(
            [
                ProgramMatch(owner: 1001, program: try ProgramName("supertux2"), field: .comm),
                ProgramMatch(owner: 1002, program: try ProgramName("steam"), field: .comm),
            ], inForce: [nights, homework])
        let first = tally.take(TableCounts(userRefusals: [1001: 3, 1003: 9]), inForce: [nights, homework])
        #expect(
            first == [
                try Self.key("nights", 1001): AdministeredBlocked(refused: 3, programsStopped: 1),
                try Self.key("homework", 1001): AdministeredBlocked(refused: 3, programsStopped: 1),
            ],
            "both windows of 1001 charged; a program no window lists is not; 1003 has no window")
        #expect(tally.take(TableCounts(userRefusals: [1001: 3, 1003: 9]), inForce: [nights, homework]).isEmpty)

        // The table is replaced: its counts are carried, the new one starts at zero, nothing is added twice.
        tally.carry(TableCounts(userRefusals: [1001: 5, 1002: 1]))
        let replaced = tally.take(TableCounts(userRefusals: [1001: 1]), inForce: [nights])
        #expect(
            replaced == [
                try Self.key("nights", 1001): AdministeredBlocked(refused: 3),
                try Self.key("nights", 1002): AdministeredBlocked(refused: 1),
            ], "1001: 5 + 1 - 3 kept before; 1002's first")

        #expect(
            tally.take(TableCounts(userRefusals: [1001: 4]), inForce: [nights]) == [
                try Self.key("nights", 1001): AdministeredBlocked(refused: 3)
            ])
        // Someone else flushed the table and the daemon did not carry it: what it had shown is kept, and
        // what the new counters show is added.
        let reset = tally.take(TableCounts(userRefusals: [1001: 2]), inForce: [nights])
        #expect(reset == [try Self.key("nights", 1001): AdministeredBlocked(refused: 2)])
    }

    @Test func theStoreAddsToTheWindowsRowsAndTheReportReadsThem() throws {
        let folder = NSTemporaryDirectory() + "refocus-administered-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = try SessionStore(path: folder + "/refocus.sqlite")
        let nights = try Self.window("nights", uids: [1001], programs: ["supertux2"])
        try store.write { try $0.recordAdministered([nights], continuing: [], now: Self.start.addingTimeInterval(60)) }
        let tally = BlockedTally(store: store, logger: Logger(label: "test"))
        tally.record(
            [ProgramMatch(owner: 1001, program: try ProgramName("supertux2"), field: .comm)], active: [],
            inForce: [nights])
        tally.keepAdministered(TableCounts(userRefusals: [1001: 4]), inForce: [nights])
        tally.keepAdministered(TableCounts(userRefusals: [1001: 6]), inForce: [nights])
        // A window no row holds yet is left alone.
        tally.keepAdministered(
            TableCounts(userRefusals: [1001: 7]), inForce: [try Self.window("unrecorded", uids: [1001])])
        let rows = try store.read { try $0.administeredWindows(since: Self.start) }
        #expect(rows.map(\.blocked) == [AdministeredBlocked(refused: 6, programsStopped: 1)])
        #expect(rows.map(\.schedule.rawValue) == ["nights"])
    }
}
