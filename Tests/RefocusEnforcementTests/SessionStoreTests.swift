import Foundation
import Synchronization
import RefocusCore
import RefocusEnforcement
import RefocusTestSupport
import Testing
import RefocusPlanning

/// The session store in a temporary folder: anchors survive a round trip,
/// and rebasing moves open sessions only.
struct SessionStoreTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    /// A daemon that systemd just started and helper runs opening a new store at once (seen in the
    /// booted container as `duplicate column name` and `database is locked`): every opener succeeds,
    /// one at a time. Threads stand in for the processes: each opens its own lock file description.
    @Test func storesOpenedAtOnceOnANewFileAllOpen() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        for round in 0..<10 {
            let path = folder.path + "/round-\(round)/refocus.sqlite"
            let failures = Mutex<[String]>([])
            DispatchQueue.concurrentPerform(iterations: 6) { _ in
                do { _ = try SessionStore(path: path) } catch { failures.withLock { $0.append("\(error)") } }
            }
            #expect(failures.withLock { $0 }.isEmpty, "round \(round)")
        }
    }

    @Test func anchorsRoundTripAndRebaseMovesOpenSessions() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try SessionStore(path: folder.path + "/store/refocus.sqlite")
        let anchor = BootAnchor(bootID: "boot-a", sinceBoot: .nanoseconds(123_456_789_012), wall: Self.start)
        let session = Session(
            owner: 1000, blockLists: [], start: Self.start,
            plannedEnd: Self.start.addingTimeInterval(3600), locked: true, anchor: anchor)
        let stored = try store.write { try $0.insert(session) }
        let read = try #require(try store.read { try $0.openSessions() }.first)
        #expect(read.anchor == anchor)
        #expect(read.id == stored.id)

        // The wall clock set an hour forward, ten minutes in.
        let reading = ClockReading(
            wall: Self.start.addingTimeInterval(600 + 3600),
            sinceBoot: anchor.sinceBoot + .seconds(600), bootID: "boot-a")
        #expect(try store.write { try $0.rebase(to: reading) } == 1)
        #expect(try store.write { try $0.rebase(to: reading) } == 0, "a second rebase changes nothing")
        let moved = try #require(try store.read { try $0.openSessions() }.first)
        #expect(moved.plannedEnd == Self.start.addingTimeInterval(7200))
        #expect(try store.write { try $0.settleDue(now: reading.wall) }.isEmpty, "50 minutes are left")
    }
}

/// Pomodoro plans, pauses, notify and announcement markers in the store.
struct SessionStoreTimelineTests {
    @Test func planPausesAndNotifyRoundTripAndEndingFoldsThePause() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try SessionStore(path: folder.path + "/refocus.sqlite")
        let start = SessionStoreTests.start
        var session = Session(
            owner: 1000, blockLists: [], start: start,
            plannedEnd: start.addingTimeInterval(Double(PomodoroPlan.standard.total)), locked: false,
            pomodoro: .standard, notify: false)
        session = session.paused(at: start.addingTimeInterval(60)).resumed(at: start.addingTimeInterval(90))
        let twicePaused = session.paused(at: start.addingTimeInterval(1600))
        let stored = try store.write { try $0.insert(twicePaused) }
        let read = try #require(try store.read { try $0.openSessions() }.first)
        #expect(read == stored)
        #expect(read.timeline.pauses == 2 && read.timeline.pausedSeconds == 30 && !read.notify)
        #expect(
            try store.write { try $0.settleDue(now: start.addingTimeInterval(99_999)) }.isEmpty,
            "a paused session does not expire")
        let ended = try store.write { try $0.end([read], at: start.addingTimeInterval(1700), outcome: .stopped) }
        #expect(ended.first?.isPaused == false && ended.first?.timeline.pausedSeconds == 130)
        let history = try #require(try store.read { try $0.history(owner: nil, limit: 1) }.first)
        #expect(history.completedWork(at: start) == 1, "one work phase had run to its end when it was paused")
        #expect(history.summary(at: start).progress.pause == PauseStatus(pausedAt: nil, seconds: 130, count: 2))
    }

    @Test func announcementMarkersAreKeptAndEndedOnesLeaveTheQuery() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try SessionStore(path: folder.path + "/refocus.sqlite")
        let start = SessionStoreTests.start
        let session = try store.write {
            try $0.insert(
                Session(
                    owner: 1000, blockLists: [], start: start, plannedEnd: start.addingTimeInterval(60),
                    locked: false))
        }
        let id = try #require(session.id)
        #expect(try store.read { try $0.announcing() }.map(\.announced) == [nil])
        try store.write { try $0.markAnnounced(id, "start") }
        #expect(try store.read { try $0.announcing() }.map(\.announced) == ["start"])
        _ = try store.write { try $0.settleDue(now: start.addingTimeInterval(61)) }
        #expect(try store.read { try $0.announcing() }.count == 1, "its end is still to announce")
        try store.write { try $0.markAnnounced(id, SessionAnnouncements.ended) }
        #expect(try store.read { try $0.announcing() }.isEmpty)
    }
}

/// An allowlist session's mode in the store.
struct SessionStoreModeTests {
    @Test func theModeRoundTripsAndAnUnknownOneIsDamage() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try SessionStore(path: folder.path + "/refocus.sqlite")
        let start = SessionStoreTests.start
        let allowing = Session(
            owner: 1000, blockLists: [], start: start, plannedEnd: start.addingTimeInterval(3600),
            locked: false, mode: .allow)
        let blocking = Session(
            owner: 1000, blockLists: [], start: start, plannedEnd: start.addingTimeInterval(3600),
            locked: false)
        let stored = try store.write { [try $0.insert(allowing), try $0.insert(blocking)] }
        let read = try store.read { try $0.openSessions() }.sorted { ($0.id ?? 0) < ($1.id ?? 0) }
        #expect(read.map(\.mode) == [.allow, .block])
        #expect(read.map(\.id) == stored.map(\.id))

        try SessionStoreTrustTests.edit(
            folder.path + "/refocus.sqlite", "UPDATE session SET mode = 'everything' WHERE id = \(stored[0].id ?? 0)")
        #expect(try store.read { try $0.damagedOpenSessions() }.count == 1, "an unknown mode is never read as block")
    }
}
