import Foundation
import Testing

@testable import RefocusCore
@testable import RefocusPlanning
@testable import RefocusProtocol

/// A start of the same lists that would loosen an unlocked session with a
/// delay (`SessionRules.start`): what the lists' new contents add binds at
/// once, what they take away waits for the delay (a pending `loosen` with
/// the lists to take), which the daemon settles at its time; without a
/// delay, or when the new contents only tighten, everything is at once.
@Suite struct StartLooseningTests {
    typealias Rules = SessionRulesTests
    static let now = Rules.clock.wall

    static func running(delay: Int, mode: SessionMode = .block) throws -> Session {
        var session = Rules.session(1, [try Rules.list("social", ["reddit.com", "x.com"])])
        session.delay = delay
        session.mode = mode
        return session
    }

    static func entries(_ session: Session) -> [String] {
        session.blockLists.flatMap(\.entries).map(\.description).sorted()
    }

    @Test func entriesTakenAwayWaitForTheDelayAndAddedOnesBindAtOnce() throws {
        let narrower = try Rules.list("social", ["reddit.com", "news.example"])
        let joined = try Rules.start(Rules.request([narrower]), active: [try Self.running(delay: 120)])
        #expect(joined.id == 1)
        #expect(Self.entries(joined) == ["news.example", "reddit.com", "x.com"], "x.com stays, news.example binds")
        #expect(joined.pending?.kind == .loosen)
        #expect(joined.pending?.effectiveAt == Self.now.addingTimeInterval(120))
        #expect(joined.pendingLists == [narrower])
        #expect(joined.nextChange(after: Self.now) == Self.now.addingTimeInterval(120))
        #expect(joined.settled(at: Self.now.addingTimeInterval(119)) == nil)
        let loosened = try #require(joined.settled(at: Self.now.addingTimeInterval(120)))
        #expect(Self.entries(loosened) == ["news.example", "reddit.com"])
        #expect(loosened.pending == nil && loosened.pendingLists == nil && loosened.endedAt == nil)
    }

    @Test func withoutADelayOrWhenItOnlyTightensTheStartIsImmediate() throws {
        let narrower = try Rules.list("social", ["reddit.com"])
        let immediate = try Rules.start(Rules.request([narrower]), active: [try Self.running(delay: 0)])
        #expect(Self.entries(immediate) == ["reddit.com"] && immediate.pending == nil)
        let wider = try Rules.list("social", ["reddit.com", "x.com", "news.example"])
        let tightened = try Rules.start(Rules.request([wider]), active: [try Self.running(delay: 120)])
        #expect(Self.entries(tightened) == ["news.example", "reddit.com", "x.com"] && tightened.pending == nil)
        // A loosening that waits is withdrawn by a start that does not loosen: blocking now.
        let waiting = try Rules.start(Rules.request([narrower]), active: [try Self.running(delay: 120)])
        let again = try Rules.start(Rules.request([wider]), active: [waiting])
        #expect(again.pending == nil && again.pendingLists == nil)
    }

    @Test func anAllowlistThatWouldAllowMoreWaitsAndOneThatLocksDoesNotLoosen() throws {
        let more = try Rules.list("social", ["reddit.com", "x.com", "docs.example"])
        var request = Rules.request([more])
        request.mode = .allow
        let widened = try Rules.start(request, active: [try Self.running(delay: 60, mode: .allow)])
        #expect(Self.entries(widened) == ["reddit.com", "x.com"], "nothing more is allowed before the delay")
        #expect(widened.pending?.kind == .loosen && widened.pendingLists == [more])
        // Locking it as it is started again: a lock only tightens, nothing waits to loosen.
        let narrower = try Rules.list("social", ["reddit.com"])
        let locked = try Rules.start(Rules.request([narrower], locked: true), active: [try Self.running(delay: 120)])
        #expect(locked.locked && locked.pending == nil && locked.pendingLists == nil)
        #expect(Self.entries(locked) == ["reddit.com", "x.com"])
    }

    @Test func aPauseOrStopWithADelayReplacesAPendingLoosening() throws {
        let narrower = try Rules.list("social", ["reddit.com"])
        let waiting = try Rules.start(Rules.request([narrower]), active: [try Self.running(delay: 120)])
        let pausing = try SessionRules.pace(
            PaceRequest(change: .pause, sessionID: nil), owner: Rules.owner, now: Self.now, active: [waiting])
        #expect(pausing.map { $0.pending?.kind } == [.pause] && pausing.map(\.pendingLists) == [nil])
        #expect(waiting.ended(at: Self.now, outcome: .stopped).pendingLists == nil)
    }
}
