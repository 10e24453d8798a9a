import Foundation
import GRDB
import RefocusCore
import Testing
@testable import RefocusEnforcement
import RefocusTestSupport
@testable import RefocusPlanning

/// Pending changes and delays in the store (migrations v8, v10): they survive a
/// round trip, the daemon's settling applies them at their time with their
/// outcome, history keeps an emergency exit's reason, and the week's
/// allowance reads the exits that ended sessions.
@Suite struct SessionStorePendingTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)
    static let reason = try! EmergencyReason("the doctor called")

    static func session(owner: UInt32 = 1000, locked: Bool = true, delay: Int = 0) throws -> Session {
        var session = Session(
            owner: owner,
            blockLists: [
                BlockList(name: try BlockListName("social"), entries: [try BlockEntry(parsing: "reddit.com")])
            ],
            start: start, plannedEnd: start.addingTimeInterval(3600), locked: locked)
        session.delay = delay
        return session
    }

    static func exit(at requested: Date, delay: TimeInterval = 900) -> PendingChange {
        PendingChange(
            kind: .emergency, requestedAt: requested, effectiveAt: requested.addingTimeInterval(delay), reason: reason)
    }

    @Test func pendingChangesAndDelaysRoundTrip() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try SessionStore(path: folder.path + "/refocus.sqlite")
        var exiting = try Self.session(delay: 120)
        exiting.pending = Self.exit(at: Self.start.addingTimeInterval(60))
        var pausing = try Self.session(locked: false, delay: 300)
        pausing.pending = PendingChange(
            kind: .pause, requestedAt: Self.start, effectiveAt: Self.start.addingTimeInterval(300))
        let (first, second) = (exiting, pausing)
        let stored = try store.write { transaction in [try transaction.insert(first), try transaction.insert(second)] }
        #expect(try store.read { try $0.openSessions() } == stored)
        var withdrawing = stored[0]
        withdrawing.pending = nil
        let withdrawn = withdrawing
        try store.write { try $0.update(withdrawn) }
        #expect(try store.read { try $0.openSessions() }.first == withdrawn)
    }

    @Test func aPendingLooseningKeepsItsListsAndTheDaemonAppliesThemAtItsTime() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try SessionStore(path: folder.path + "/refocus.sqlite")
        var loosening = try Self.session(locked: false, delay: 120)
        let narrower = BlockList(name: try BlockListName("social"))
        loosening.pendingLists = [narrower]
        loosening.pending = PendingChange(
            kind: .loosen, requestedAt: Self.start, effectiveAt: Self.start.addingTimeInterval(120))
        let first = loosening
        let stored = try store.write { try $0.insert(first) }
        #expect(try store.read { try $0.openSessions() } == [stored], "the lists come back with the change")
        _ = try store.write { try $0.settleDue(now: Self.start.addingTimeInterval(121)) }
        let settled = try #require(try store.read { try $0.openSessions() }.first)
        #expect(settled.blockLists == [narrower] && settled.pending == nil && settled.pendingLists == nil)
        // Lists left beside another kind of change are not kept: only a loosening takes lists.
        var pausing = stored
        pausing.pending = PendingChange(kind: .pause, requestedAt: Self.start, effectiveAt: Self.start)
        let paused = pausing
        try store.write { try $0.update(paused) }
        #expect(try store.read { try $0.openSessions() }.first?.pendingLists == nil)
    }

    @Test func settlingEndsAnEmergencyExitAtItsTimeAndHistoryKeepsItsReason() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try SessionStore(path: folder.path + "/refocus.sqlite")
        var exiting = try Self.session()
        exiting.pending = Self.exit(at: Self.start.addingTimeInterval(60))
        let inserted = exiting
        let id = try #require(try store.write { try $0.insert(inserted) }.id)
        #expect(try store.write { try $0.settleDue(now: Self.start.addingTimeInterval(959)) }.isEmpty, "1 s to wait")
        let ended = try store.write { try $0.settleDue(now: Self.start.addingTimeInterval(2000)) }
        #expect(ended.map(\.id) == [id])
        let history = try #require(try store.read { try $0.history(owner: 1000, limit: 10) }.first)
        #expect(history.outcome == .emergency)
        #expect(history.endedAt == Self.start.addingTimeInterval(960))
        #expect(history.summary(at: Self.start).reason == Self.reason)
        #expect(try store.read { try $0.focusRecords(owner: 1000) }.map(\.outcome) == [.emergency])
    }

    @Test func theAllowanceReadsTheOwnersEndedExitsSinceADate() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try SessionStore(path: folder.path + "/refocus.sqlite")
        let day: TimeInterval = 86_400
        try store.write { transaction in
            // Ended by emergency 2 and 8 days ago; another owner's; one withdrawn and stopped; one still pending.
            for (owner, asked) in [(1000, -2 * day), (1000, -8 * day), (1001, -1 * day)] {
                var session = try Self.session(owner: UInt32(owner))
                session.pending = Self.exit(at: Self.start.addingTimeInterval(asked))
                let stored = try transaction.insert(session)
                try transaction.update(
                    stored.ended(at: Self.start.addingTimeInterval(asked + 900), outcome: .emergency))
            }
            let stopped = try transaction.insert(try Self.session(locked: false))
            _ = try transaction.end([stopped], at: Self.start, outcome: .stopped)
            var pending = try Self.session()
            pending.pending = Self.exit(at: Self.start)
            _ = try transaction.insert(pending)
        }
        let since = Self.start.addingTimeInterval(-7 * day)
        #expect(
            try store.read { try $0.endedEmergencyExits(owner: 1000, since: since) }
                == [Self.start.addingTimeInterval(-2 * day)])
        #expect(
            try store.read { try $0.endedEmergencyExits(owner: 1001, since: since) }
                == [Self.start.addingTimeInterval(-day)])
    }

    @Test func migrationV8LeavesEarlierSessionsWithNothingPendingAndNoDelay() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.path + "/refocus.sqlite"
        let queue = try DatabaseQueue(path: path)
        try SessionStore.migrator.migrate(queue, upTo: "v7: allowlist sessions")
        try queue.write { db in
            try db.execute(
                sql: """
                    INSERT INTO session (id, owner, listNames, lists, start, plannedEnd, locked, pausedSeconds, pauses)
                    VALUES (1, 1000, 'news', '[{"entries":[],"name":"news","programs":[]}]', 1800000000, 1800003600, 1,
                        0, 0)
                    """)
        }
        let store = try SessionStore(path: path)
        let open = try #require(try store.read { try $0.openSessions() }.first)
        #expect(open.pending == nil)
        #expect(open.delay == 0)
        #expect(open.locked)
    }

    @Test func aPendingChangeThatBreaksItsRulesMakesTheRowDamaged() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.path + "/refocus.sqlite"
        let store = try SessionStore(path: path)
        let id = try #require(try store.write { try $0.insert(try Self.session()) }.id)
        try DatabaseQueue(path: path).write { db in
            try db.execute(
                sql: """
                    UPDATE session SET pendingKind = 'emergency', pendingRequestedAt = 1800000000,
                        pendingEffectiveAt = 1800000900 WHERE id = ?
                    """, arguments: [id])
        }
        #expect(try store.read { try $0.damagedOpenSessions() }.map(\.id) == [id], "an emergency exit without a reason")
    }
}
