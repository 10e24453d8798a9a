import Foundation
import RefocusCore
import RefocusEnforcement
import RefocusTestSupport
import Testing

/// The session store in a temporary folder: anchors survive a round trip,
/// and rebasing moves open sessions only.
struct SessionStoreTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func anchorsRoundTripAndRebaseMovesOpenSessions() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try SessionStore(path: folder.path + "/store/refocus.sqlite")
        let anchor = BootAnchor(bootID: "boot-a", sinceBoot: .nanoseconds(123_456_789_012), wall: Self.start)
        let session = Session(owner: 1000, blockLists: [], start: Self.start,
                              plannedEnd: Self.start.addingTimeInterval(3600), locked: true, anchor: anchor)
        let stored = try store.write { try $0.insert(session) }
        let read = try #require(try store.read { try $0.openSessions() }.first)
        #expect(read.anchor == anchor)
        #expect(read.id == stored.id)

        // The wall clock set an hour forward, ten minutes in.
        let reading = ClockReading(wall: Self.start.addingTimeInterval(600 + 3600),
                                   sinceBoot: anchor.sinceBoot + .seconds(600), bootID: "boot-a")
        #expect(try store.write { try $0.rebase(to: reading) } == 1)
        #expect(try store.write { try $0.rebase(to: reading) } == 0, "a second rebase changes nothing")
        let moved = try #require(try store.read { try $0.openSessions() }.first)
        #expect(moved.plannedEnd == Self.start.addingTimeInterval(7200))
        #expect(try store.write { try $0.endExpired(now: reading.wall) }.isEmpty, "50 minutes are left")
    }
}
