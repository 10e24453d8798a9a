import Foundation
import RefocusCore
import Testing
import RefocusPlanning

/// Sessions keep their real length when the wall clock moves, with an
/// injected clock (the machine's clock is never changed in a test).
struct SessionClockTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    /// A one-hour session anchored at boot time 100 s of boot "a".
    static func session(length: TimeInterval = 3600) -> Session {
        Session(
            id: 1, owner: 1000, blockLists: [], start: start, plannedEnd: start.addingTimeInterval(length),
            locked: false, anchor: BootAnchor(bootID: "a", sinceBoot: .seconds(100), wall: start))
    }

    /// `elapsed` seconds of boot time after the anchor, with the wall clock moved by `moved`.
    static func reading(elapsed: Int64, moved: TimeInterval = 0, boot: String = "a") -> ClockReading {
        ClockReading(
            wall: start.addingTimeInterval(TimeInterval(elapsed) + moved),
            sinceBoot: .seconds(100 + elapsed), bootID: boot)
    }

    @Test func anUndisturbedClockChangesNothing() {
        #expect(SessionClock.rebased(Self.session(), at: Self.reading(elapsed: 1800)) == nil)
        #expect(
            SessionClock.sessionTime(Self.session(), at: Self.reading(elapsed: 1800))
                == Self.start.addingTimeInterval(1800))
    }

    @Test func aClockSetForwardDoesNotShortenTheSession() throws {
        // Ten minutes in, someone sets the clock two hours forward.
        let reading = Self.reading(elapsed: 600, moved: 7200)
        let rebased = try #require(SessionClock.rebased(Self.session(), at: reading))
        #expect(rebased.plannedEnd == Self.start.addingTimeInterval(3600 + 7200))
        #expect(rebased.isActive(at: reading.wall))
        #expect(rebased.plannedEnd.timeIntervalSince(reading.wall) == 3000, "50 minutes are still left")
        #expect(rebased.anchor == reading.anchor)
        #expect(
            SessionClock.rebased(rebased, at: Self.reading(elapsed: 660, moved: 7200)) == nil,
            "once rebased, the same clock changes nothing")
    }

    @Test func aClockSetBackDoesNotLengthenTheSession() throws {
        let reading = Self.reading(elapsed: 3000, moved: -86400)
        let rebased = try #require(SessionClock.rebased(Self.session(), at: reading))
        #expect(rebased.plannedEnd.timeIntervalSince(reading.wall) == 600)
    }

    @Test func driftWithinTheToleranceIsLeftAlone() {
        #expect(SessionClock.rebased(Self.session(), at: Self.reading(elapsed: 600, moved: 0.5)) == nil)
        #expect(SessionClock.rebased(Self.session(), at: Self.reading(elapsed: 600, moved: -0.9)) == nil)
    }

    @Test func afterARebootTheWallClockDecides() throws {
        // Another boot: the boot-time clock restarted near zero.
        let reading = ClockReading(wall: Self.start.addingTimeInterval(1200), sinceBoot: .seconds(20), bootID: "b")
        #expect(SessionClock.sessionTime(Self.session(), at: reading) == reading.wall)
        let rebased = try #require(SessionClock.rebased(Self.session(), at: reading))
        #expect(rebased.plannedEnd == Self.session().plannedEnd, "the wall-clock end is kept")
        #expect(rebased.anchor?.bootID == "b")
        let later = ClockReading(wall: Self.start.addingTimeInterval(7200), sinceBoot: .seconds(20), bootID: "c")
        #expect(
            try #require(SessionClock.rebased(Self.session(), at: later)).isActive(at: later.wall) == false,
            "a session that ended while the machine was off is over")
    }

    @Test func sessionsWithoutAnchorGetOneAndEndedSessionsNeverChange() throws {
        var old = Self.session()
        old.anchor = nil
        let reading = Self.reading(elapsed: 60, moved: 7200)
        #expect(try #require(SessionClock.rebased(old, at: reading)).anchor == reading.anchor)
        var ended = Self.session()
        ended.endedAt = Self.start.addingTimeInterval(60)
        #expect(SessionClock.rebased(ended, at: reading) == nil)
        let unknownBoot = ClockReading(wall: reading.wall, sinceBoot: reading.sinceBoot, bootID: "")
        #expect(SessionClock.rebased(Self.session(), at: unknownBoot) == nil)
        #expect(unknownBoot.anchor == nil)
    }
}
