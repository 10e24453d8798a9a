import Foundation
import Testing

@testable import RefocusCore
@testable import RefocusPlanning
@testable import RefocusProtocol

/// Pending changes by the rules (`SessionRules.stop`, `pace`, `start`), on a
/// fixed clock: the emergency exit and its weekly allowance, stops and
/// pauses that wait for a session's delay, withdrawals, and how the daemon
/// settles them (`Session.settled(at:)`, `nextChange`, `SessionClock`).
@Suite struct LooseningRulesTests {
    typealias Rules = SessionRulesTests
    static let now = Rules.clock.wall
    static let reason = try! EmergencyReason("the doctor called")

    static func session(_ id: Int64, locked: Bool = false, delay: Int = 0, minutes: Int = 60) throws -> Session {
        var session = Rules.session(id, [try Rules.list("social", ["reddit.com"])], locked: locked, minutes: minutes)
        session.delay = delay
        return session
    }

    /// The default policy's allowance (15 minutes, once a week), with the exits that ended sessions.
    static func allowance(
        endedExits: [Date] = [], _ change: (inout LooseningChoices) -> Void = { _ in }
    ) -> EmergencyAllowance {
        var choices = LooseningChoices()
        change(&choices)
        return EmergencyAllowance(choices: choices, endedExits: endedExits, zone: .utc)
    }

    static func stop(
        _ request: StopRequest, _ active: [Session], at now: Date = now,
        allowance: EmergencyAllowance = allowance()
    ) throws(ProtocolFailure) -> SessionRules.StopPlan {
        try SessionRules.stop(request, owner: Rules.owner, now: now, active: active, allowance: allowance)
    }

    /// Expects the emergency exit of session 1 among `active` refused with `code` and `message`.
    static func expectExitRefused(
        _ code: ProtocolErrorCode, _ message: String, _ active: [Session], allowance: EmergencyAllowance,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(throws: ProtocolFailure(code: code, message: message), sourceLocation: sourceLocation) {
            try stop(StopRequest(sessionID: 1, emergency: reason), active, allowance: allowance)
        }
    }

    @Test func theEmergencyExitOfALockedSessionWaitsThePolicysDelay() throws {
        let plan = try Self.stop(StopRequest(sessionID: 1, emergency: Self.reason), [try Self.session(1, locked: true)])
        #expect(plan.ended.isEmpty)
        let exiting = try #require(plan.changed.first)
        #expect(
            exiting.pending
                == PendingChange(
                    kind: .emergency, requestedAt: Self.now, effectiveAt: Self.now.addingTimeInterval(900),
                    reason: Self.reason))
        #expect(exiting.enforces(at: Self.now.addingTimeInterval(899)), "it keeps blocking until then")
        // Asked again, the exit is returned as it was: its time is not reset.
        let again = try Self.stop(
            StopRequest(sessionID: nil, emergency: try EmergencyReason("again")), [exiting],
            at: Self.now.addingTimeInterval(600))
        #expect(again.changed == [exiting])
    }

    @Test func aLockedSessionsRefusalPointsAtTheExitWhileOneIsPossible() throws {
        let locked = try Self.session(1, locked: true, minutes: 20)
        let base = "session 1 (social) is locked until it ends, in 20m; it cannot be stopped"
        #expect(
            throws: ProtocolFailure(
                code: .sessionLocked, message: base + "; an emergency exit is possible: refocus stop --emergency")
        ) {
            try Self.stop(StopRequest(sessionID: 1), [locked])
        }
        #expect(throws: ProtocolFailure(code: .sessionLocked, message: base)) {
            try Self.stop(StopRequest(sessionID: nil), [locked], allowance: Self.allowance(endedExits: [Self.now]))
        }
        #expect(throws: ProtocolFailure(code: .sessionLocked, message: base)) {
            try Self.stop(StopRequest(sessionID: 1), [locked], allowance: Self.allowance { $0.emergencyExit = false })
        }
        #expect(throws: ProtocolFailure(code: .sessionLocked, message: base), "the rules' default knows no exit") {
            try SessionRules.stop(StopRequest(sessionID: 1), owner: Rules.owner, now: Self.now, active: [locked])
        }
    }

    @Test func theExitIsRefusedWhereThePolicySaysSo() throws {
        let locked = [try Self.session(1, locked: true)]
        Self.expectExitRefused(
            .notPermitted,
            "locked sessions have no emergency exit on this machine (emergency_exit = false in "
                + "/etc/refocus/policy.toml)",
            locked, allowance: Self.allowance { $0.emergencyExit = false })
        Self.expectExitRefused(
            .notPermitted,
            "the policy allows no emergency exit (emergency_per_week = 0 in /etc/refocus/policy.toml)",
            locked, allowance: Self.allowance { $0.emergencyPerWeek = 0 })
        #expect(throws: ProtocolFailure(code: .badRequest, message: "session 2 is not locked: 'refocus stop' ends it"))
        {
            try Self.stop(StopRequest(sessionID: 2, emergency: Self.reason), locked + [try Self.session(2)])
        }
        #expect(
            throws: ProtocolFailure(
                code: .notFound, message: "you have no locked session; 'refocus stop' ends unlocked ones")
        ) {
            try Self.stop(StopRequest(sessionID: nil, emergency: Self.reason), [try Self.session(2)])
        }
        #expect(
            throws: ProtocolFailure(
                code: .notFound,
                message: "you have 2 locked sessions; name one: refocus stop --emergency ID (see 'refocus status')")
        ) {
            try Self.stop(
                StopRequest(sessionID: nil, emergency: Self.reason), locked + [try Self.session(3, locked: true)])
        }
        // Another member's locked session is not the caller's to leave.
        var others = try Self.session(4, locked: true)
        others.owner = Rules.other
        #expect(throws: ProtocolFailure(code: .notFound, message: "you have no active session 4; see 'refocus status'"))
        {
            try Self.stop(StopRequest(sessionID: 4, emergency: Self.reason), [others])
        }
    }

    /// The week's allowance, on a fixed clock: exits asked within 7 days count, pending ones
    /// included; the refusal names the day the next is possible, from the oldest that counts.
    @Test func theWeeklyAllowanceCountsExitsAskedInTheLastSevenDays() throws {
        let locked = [try Self.session(1, locked: true)]
        let day: TimeInterval = 86_400
        let sixDaysAgo = Self.now.addingTimeInterval(-6 * day)
        // 2027-01-15 08:00 UTC is the fixed clock; six days before, plus seven, is 2027-01-16 08:00.
        Self.expectExitRefused(
            .overLimit,
            "you have taken 1 emergency exit in the last 7 days (the policy allows 1); the next is "
                + "possible on 2027-01-16 08:00",
            locked, allowance: Self.allowance(endedExits: [sixDaysAgo]))
        // One asked 7 days and a second ago no longer counts.
        let older = Self.now.addingTimeInterval(-7 * day - 1)
        #expect(
            try Self.stop(
                StopRequest(sessionID: 1, emergency: Self.reason), locked,
                allowance: Self.allowance(endedExits: [older])
            ).changed.first?.pending?.kind == .emergency)
        // Two allowed, one ended and one pending on another session: the next is when the older leaves the window.
        var pending = try Self.session(2, locked: true)
        pending.pending = PendingChange(
            kind: .emergency, requestedAt: Self.now.addingTimeInterval(-day), effectiveAt: Self.now, reason: Self.reason
        )
        Self.expectExitRefused(
            .overLimit,
            "you have taken 2 emergency exits in the last 7 days (the policy allows 2); the next is "
                + "possible on 2027-01-16 08:00",
            locked + [pending], allowance: Self.allowance(endedExits: [sixDaysAgo]) { $0.emergencyPerWeek = 2 })
        // In another zone, the same instant is written in its local time.
        var allowance = Self.allowance(endedExits: [sixDaysAgo])
        allowance.zone = .fixed(name: "UTC+5:30", offsetSeconds: 19_800)
        Self.expectExitRefused(
            .overLimit,
            "you have taken 1 emergency exit in the last 7 days (the policy allows 1); the next is "
                + "possible on 2027-01-16 13:30",
            locked, allowance: allowance)
    }

    @Test func aStopWithADelayWaitsAndAStopWithoutOneEndsAtOnce() throws {
        let plan = try Self.stop(StopRequest(sessionID: nil), [try Self.session(1, delay: 120), try Self.session(2)])
        #expect(plan.ended.compactMap(\.id) == [2])
        let waiting = try #require(plan.changed.first)
        #expect(
            waiting.pending
                == PendingChange(kind: .stop, requestedAt: Self.now, effectiveAt: Self.now.addingTimeInterval(120)))
        // Stopping again changes nothing: the timer is not reset.
        let again = try Self.stop(StopRequest(sessionID: 1), [waiting], at: Self.now.addingTimeInterval(100))
        #expect(again == SessionRules.StopPlan(changed: [waiting]))
    }

    @Test func aWithdrawalKeepsTheSessionAndCostsNoExit() throws {
        let exiting = try #require(
            try Self.stop(StopRequest(sessionID: 1, emergency: Self.reason), [try Self.session(1, locked: true)])
                .changed.first)
        let kept = try Self.stop(StopRequest(sessionID: nil, cancel: true), [exiting]).changed
        #expect(kept.map(\.pending) == [nil])
        #expect(kept.first?.locked == true)
        #expect(Self.allowance().allowsAnother(kept, at: Self.now), "a withdrawn exit does not count")
        #expect(!Self.allowance().allowsAnother([exiting], at: Self.now))
        #expect(throws: ProtocolFailure(code: .notFound, message: "you have no pending change to withdraw")) {
            try Self.stop(StopRequest(sessionID: nil, cancel: true), kept)
        }
        #expect(throws: ProtocolFailure(code: .notFound, message: "session 1 has no pending change to withdraw")) {
            try Self.stop(StopRequest(sessionID: 1, cancel: true), kept)
        }
    }

    @Test func aPauseWithADelayWaitsAndAResumeWithdrawsIt() throws {
        let session = try Self.session(1, delay: 120)
        let pausing = try #require(
            try SessionRules.pace(
                PaceRequest(change: .pause, sessionID: nil), owner: Rules.owner, now: Self.now, active: [session]
            ).first)
        #expect(!pausing.isPaused)
        #expect(pausing.pending?.kind == .pause)
        #expect(pausing.pending?.effectiveAt == Self.now.addingTimeInterval(120))
        #expect(pausing.nextChange(after: Self.now) == Self.now.addingTimeInterval(120))
        let resumed = try SessionRules.pace(
            PaceRequest(change: .resume, sessionID: nil), owner: Rules.owner, now: Self.now.addingTimeInterval(10),
            active: [pausing])
        #expect(resumed.map(\.pending) == [nil])
        #expect(resumed.map(\.isPaused) == [false])
    }

    @Test func aStartKeepsTheLongerDelayAndThePolicysFloor() throws {
        let list = try Rules.list("social", ["reddit.com"])
        var request = Rules.request([list])
        request.delay = 60
        var policy = Policy()
        policy.loosening.minimumDelay = 120
        let created = try Rules.start(request, policy: policy)
        #expect(created.delay == 120, "the policy's floor")
        request.delay = 300
        #expect(try Rules.start(request, policy: policy).delay == 300)
        // Joining a session with a longer delay keeps it, and withdraws the stop that waited.
        var waiting = try Self.session(1, delay: 600)
        waiting.pending = PendingChange(
            kind: .stop, requestedAt: Self.now, effectiveAt: Self.now.addingTimeInterval(600))
        let joined = try Rules.start(request, policy: policy, active: [waiting])
        #expect(joined.id == 1)
        #expect(joined.delay == 600)
        #expect(joined.pending == nil)
        // An emergency exit that waits stays, even when the session is started again.
        var exiting = try Self.session(2, locked: true)
        exiting.pending = PendingChange(
            kind: .emergency, requestedAt: Self.now, effectiveAt: Self.now.addingTimeInterval(900), reason: Self.reason)
        #expect(try Rules.start(Rules.request([list], locked: true), active: [exiting]).pending == exiting.pending)
    }

    @Test func theDaemonSettlesAPendingChangeAtItsTime() throws {
        var exiting = try Self.session(1, locked: true)
        exiting.pending = PendingChange(
            kind: .emergency, requestedAt: Self.now, effectiveAt: Self.now.addingTimeInterval(900), reason: Self.reason)
        #expect(exiting.nextChange(after: Self.now) == Self.now.addingTimeInterval(900))
        #expect(exiting.settled(at: Self.now.addingTimeInterval(899)) == nil)
        let ended = try #require(exiting.settled(at: Self.now.addingTimeInterval(1000)))
        #expect(ended.outcome == .emergency)
        #expect(ended.endedAt == Self.now.addingTimeInterval(900))
        #expect(ended.summary(at: Self.now).reason == Self.reason)
        #expect(ended.summary(at: Self.now).pending == nil)
        // A session whose planned end comes first completes, and its exit is not kept.
        var late = try Self.session(2, locked: true, minutes: 10)
        late.pending = PendingChange(
            kind: .emergency, requestedAt: Self.now, effectiveAt: Self.now.addingTimeInterval(900), reason: Self.reason)
        let completed = try #require(late.settled(at: Self.now.addingTimeInterval(1000)))
        #expect(completed.outcome == .completed)
        #expect(completed.endedAt == late.plannedEnd)
        #expect(completed.pending == nil)
        // A pending pause pauses the session at its time, which freezes what was left then.
        var pausing = try Self.session(3, delay: 120)
        pausing.pending = PendingChange(
            kind: .pause, requestedAt: Self.now, effectiveAt: Self.now.addingTimeInterval(120))
        let paused = try #require(pausing.settled(at: Self.now.addingTimeInterval(130)))
        #expect(paused.isPaused)
        #expect(paused.timeline.pausedAt == Self.now.addingTimeInterval(120))
        #expect(paused.pending == nil)
        #expect(!paused.enforces(at: Self.now.addingTimeInterval(130)))
        // A pending stop ends it as stopped.
        var stopping = try Self.session(4, delay: 120)
        stopping.pending = PendingChange(
            kind: .stop, requestedAt: Self.now, effectiveAt: Self.now.addingTimeInterval(120))
        #expect(stopping.settled(at: Self.now.addingTimeInterval(120))?.outcome == .stopped)
    }

    /// A clock set two hours forward during the wait moves the change's time with it: the wait is not shortened.
    @Test func aClockSetForwardDoesNotShortenTheWait() throws {
        var exiting = SessionClockTests.session()
        exiting.locked = true
        let start = SessionClockTests.start
        exiting.pending = PendingChange(
            kind: .emergency, requestedAt: start, effectiveAt: start.addingTimeInterval(900), reason: Self.reason)
        // 60 s into the wait, the wall clock jumps 2 h forward.
        let reading = SessionClockTests.reading(elapsed: 60, moved: 7200)
        #expect(exiting.settled(at: reading.wall)?.outcome == .emergency, "without the rebase, the jump would end it")
        let rebased = try #require(SessionClock.rebased(exiting, at: reading))
        #expect(rebased.pending?.effectiveAt == start.addingTimeInterval(900 + 7200))
        #expect(rebased.pending?.requestedAt == start.addingTimeInterval(7200))
        #expect(rebased.pending?.effectiveAt.timeIntervalSince(reading.wall) == 840, "14 minutes still to wait")
        #expect(rebased.settled(at: reading.wall) == nil)
        #expect(rebased.enforces(at: reading.wall))
    }

    /// After a reboot the boot-time clock restarts: the change keeps its wall-clock times, like the planned end.
    @Test func aRebootKeepsThePendingChangesWallClockTimes() throws {
        var exiting = SessionClockTests.session()
        exiting.locked = true
        let start = SessionClockTests.start
        exiting.pending = PendingChange(
            kind: .emergency, requestedAt: start, effectiveAt: start.addingTimeInterval(900), reason: Self.reason)
        let reading = ClockReading(wall: start.addingTimeInterval(1200), sinceBoot: .seconds(20), bootID: "b")
        let rebased = try #require(SessionClock.rebased(exiting, at: reading))
        #expect(rebased.pending == exiting.pending)
        #expect(rebased.anchor == reading.anchor)
        #expect(rebased.settled(at: reading.wall)?.endedAt == start.addingTimeInterval(900), "it ended while off")
    }

    /// A locked pomodoro session's exit ends the whole session, in a work phase or a break.
    @Test func aPomodoroSessionsExitEndsItWhateverItsPhase() throws {
        let plan = try PomodoroPlan(
            work: SessionLength(seconds: 1500), shortBreak: SessionLength(seconds: 300), cycles: 2,
            longBreak: SessionLength(seconds: 0))
        let session = Session(
            id: 1, owner: Rules.owner, blockLists: [try Rules.list("social", ["reddit.com"])], start: Self.now,
            plannedEnd: Self.now.addingTimeInterval(TimeInterval(plan.total)), locked: true, pomodoro: plan)
        for askedAt in [600.0, 1600.0] {
            let asked = Self.now.addingTimeInterval(askedAt)
            let plan = try Self.stop(StopRequest(sessionID: nil, emergency: Self.reason), [session], at: asked)
            let exiting = try #require(plan.changed.first)
            #expect(exiting.pending?.effectiveAt == asked.addingTimeInterval(900))
            let ended = try #require(exiting.settled(at: asked.addingTimeInterval(900)))
            #expect(ended.outcome == .emergency && ended.endedAt == asked.addingTimeInterval(900))
        }
    }
}
