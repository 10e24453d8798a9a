#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Testing
@testable import RefocusCore
@testable import RefocusPlanning
@testable import RefocusProtocol

/// A pomodoro session's phases on an injected clock: what it enforces,
/// when that changes, how pauses, `next` and clock changes move it, and
/// which events are announced.
@Suite struct SessionPhasesTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)
    static let plan = try! PomodoroPlanTests.plan(20, 10, 2, 5)  // W20 S10 W20 L5: 55 s

    static func session(locked: Bool = false) throws -> Session {
        Session(
            id: 3, owner: 1000, blockLists: [try SessionRulesTests.list("social", ["a.example"])], start: start,
            plannedEnd: start.addingTimeInterval(55), locked: locked, pomodoro: plan)
    }

    static func at(_ seconds: Double) -> Date { start.addingTimeInterval(seconds) }

    @Test func workPhasesEnforceAndBreaksDoNot() throws {
        let session = try Self.session()
        #expect(
            [0, 19, 20, 29, 30, 49, 50, 54.9].map { session.enforces(at: Self.at($0)) }
                == [true, true, false, false, true, true, false, false])
        #expect(!session.enforces(at: Self.at(55)), "over")
    }

    @Test func theNextChangeIsThePhaseEndThenTheSessionEnd() throws {
        let session = try Self.session()
        #expect([0, 25, 31, 52].map { session.nextChange(after: Self.at($0)) } == [20, 30, 50, 55].map(Self.at))
        #expect(
            session.phaseStatus(at: Self.at(31)) == PhaseStatus(kind: .work, cycle: 2, cycles: 2, endsAt: Self.at(50)))
        #expect(session.completedWork(at: Self.at(31)) == 1)
    }

    @Test func aPlainSessionEnforcesThroughoutAndChangesAtItsEnd() throws {
        let plain = Session(
            id: 1, owner: 1000, blockLists: [], start: Self.start, plannedEnd: Self.at(60), locked: false)
        #expect(plain.enforces(at: Self.at(30)) && plain.nextChange(after: Self.at(30)) == Self.at(60))
        #expect(plain.phase(at: Self.at(30)) == nil && plain.completedWork(at: Self.at(30)) == nil)
    }

    @Test func aPauseLiftsTheBlockFreezesThePhaseAndMovesTheEndOnResume() throws {
        let paused = try Self.session().paused(at: Self.at(10))
        #expect(!paused.enforces(at: Self.at(12)) && paused.isActive(at: Self.at(500)), "paused: running, not blocking")
        #expect(paused.nextChange(after: Self.at(12)) == nil, "no timer while paused")
        #expect(paused.phase(at: Self.at(400))?.kind == .work, "the phase is frozen")
        let resumed = paused.resumed(at: Self.at(40))
        #expect(
            resumed.plannedEnd == Self.at(85) && resumed.timeline.pausedSeconds == 30 && resumed.timeline.pauses == 1)
        #expect(
            resumed.enforces(at: Self.at(41)) && resumed.nextChange(after: Self.at(41)) == Self.at(50),
            "10 s of work were left")
    }

    @Test func aWallClockChangeMovesNoBoundary() throws {
        // SessionClock moves the planned end by the drift; the phases follow it.
        var session = try Self.session()
        let reading = ClockReading(wall: Self.start, sinceBoot: .seconds(100), bootID: "b")
        session.anchor = reading.anchor
        let jumped = ClockReading(wall: Self.at(15 + 3600), sinceBoot: .seconds(115), bootID: "b")
        let rebased = try #require(SessionClock.rebased(session, at: jumped))
        #expect(rebased.phase(at: jumped.wall)?.kind == .work)
        #expect(
            rebased.nextChange(after: jumped.wall) == jumped.wall.addingTimeInterval(5), "5 s of work left, as before")
    }

    @Test func aClockSetForwardDuringAPauseAddsOnlyTheRealTimePaused() throws {
        var session = try Self.session()
        session.anchor = ClockReading(wall: Self.start, sinceBoot: .seconds(100), bootID: "b").anchor
        let paused = session.paused(at: Self.at(10))
        // 20 s later on the boot-time clock, the wall clock is an hour ahead.
        let jumped = ClockReading(wall: Self.at(30 + 3600), sinceBoot: .seconds(130), bootID: "b")
        let resumed = try #require(SessionClock.rebased(paused, at: jumped)).resumed(at: jumped.wall)
        #expect(resumed.timeline.pausedSeconds == 20)
        #expect(resumed.nextChange(after: jumped.wall) == jumped.wall.addingTimeInterval(10), "10 s of work were left")
    }

    @Test func nextSkipsTheRestOfThePhase() throws {
        let request = PaceRequest(change: .next, sessionID: nil)
        let skipped = try #require(
            try SessionRules.pace(request, owner: 1000, now: Self.at(5), active: [try Self.session()]).first)
        #expect(skipped.plannedEnd == Self.at(40) && skipped.phase(at: Self.at(5))?.kind == .shortBreak)
        let again = try #require(try SessionRules.pace(request, owner: 1000, now: Self.at(6), active: [skipped]).first)
        #expect(again.phase(at: Self.at(6)) == PomodoroPhase(kind: .work, cycle: 2, start: 30, end: 50))
    }

    @Test func aLockedWorkPhaseCannotBeSkippedButItsBreakCan() throws {
        let locked = try Self.session(locked: true)
        let next = PaceRequest(change: .next, sessionID: 3)
        #expect(throws: ProtocolFailure.self) {
            try SessionRules.pace(next, owner: 1000, now: Self.at(5), active: [locked])
        }
        do {
            _ = try SessionRules.pace(next, owner: 1000, now: Self.at(5), active: [locked])
        } catch {
            #expect(error.code == .sessionLocked && error.message.contains("work phase 1 cannot be skipped"))
        }
        let inBreak = try #require(try SessionRules.pace(next, owner: 1000, now: Self.at(25), active: [locked]).first)
        #expect(inBreak.phase(at: Self.at(25))?.kind == .work, "back to work sooner")
    }

    @Test func aLockedSessionIsNeverPausedAndOthersOwnersSessionsAreUntouched() throws {
        let locked = try Self.session(locked: true)
        for request in [PaceRequest(change: .pause, sessionID: 3), PaceRequest(change: .pause, sessionID: nil)] {
            do {
                _ = try SessionRules.pace(request, owner: 1000, now: Self.at(5), active: [locked])
                Issue.record("a locked session was paused")
            } catch {
                #expect(error.code == .sessionLocked)
            }
        }
        let unlocked = try Self.session()
        do {
            _ = try SessionRules.pace(
                PaceRequest(change: .pause, sessionID: 3), owner: 1001, now: Self.at(5),
                active: [unlocked])
            Issue.record("another owner paused it")
        } catch {
            #expect(error.code == .notFound)
        }
    }

    @Test func pauseAndResumeWithoutAnIdTakeEveryFittingSession() throws {
        let plain = Session(
            id: 4, owner: 1000, blockLists: [], start: Self.start, plannedEnd: Self.at(600), locked: false)
        let pausedBoth = try SessionRules.pace(
            PaceRequest(change: .pause, sessionID: nil), owner: 1000, now: Self.at(5),
            active: [try Self.session(), plain])
        #expect(pausedBoth.map(\.isPaused) == [true, true])
        let resumed = try SessionRules.pace(
            PaceRequest(change: .resume, sessionID: nil), owner: 1000, now: Self.at(9),
            active: pausedBoth)
        #expect(resumed.map(\.plannedEnd) == [Self.at(59), Self.at(604)])
    }

    @Test func startingTheSameListsAgainResumesAPausedSession() throws {
        var session = try Self.session()
        session.timeline.pomodoro = .standard
        session.plannedEnd = Self.at(Double(PomodoroPlan.standard.total))
        let paused = session.paused(at: Self.at(5))
        var request = SessionRulesTests.request(paused.blockLists, minutes: 1)
        request.pomodoro = .standard
        request.length = SessionLength(seconds: PomodoroPlan.standard.total)
        let clock = ClockReading(wall: Self.at(15), sinceBoot: .seconds(115), bootID: "b")
        let plan = try SessionRules.start(
            request, owner: 1000, clock: clock, policy: Policy(), active: [paused],
            protected: ProtectedAddresses(policy: Policy()))
        #expect(plan == .extend(paused.resumed(at: Self.at(15))))
    }
}

extension SessionPhasesTests {
    @Test func nextWhilePausedSkipsTheFrozenPhaseAndStaysPaused() throws {
        let paused = try Self.session().paused(at: Self.at(5))
        let skipped = try #require(
            try SessionRules.pace(
                PaceRequest(change: .next, sessionID: 3), owner: 1000,
                now: Self.at(100), active: [paused]
            ).first)
        #expect(skipped.isPaused && skipped.plannedEnd == Self.at(40), "15 s of work skipped, counted at the pause")
        #expect(skipped.phase(at: Self.at(100))?.kind == .shortBreak)
        #expect(
            skipped.resumed(at: Self.at(110)).nextChange(after: Self.at(110)) == Self.at(120), "the whole break follows"
        )
    }
}
