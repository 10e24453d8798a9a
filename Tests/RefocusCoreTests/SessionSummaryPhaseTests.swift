import Foundation
import Testing
@testable import RefocusCore
@testable import RefocusPlanning
@testable import RefocusProtocol

/// A summary's phase worked out at any moment (what `refocus status` shows
/// from a status file written earlier) agrees with the helper's own
/// (`Session.phaseStatus`), running and paused; and a status snapshot taken
/// later keeps paused sessions whose planned end has passed.
@Suite struct SessionSummaryPhaseTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)
    /// 20 s of work, 10 s of break, 3 cycles, a 15 s long break: 95 s.
    static let plan = try! PomodoroPlan(
        work: SessionLength(seconds: 20), shortBreak: SessionLength(seconds: 10),
        cycles: 3, longBreak: SessionLength(seconds: 15))

    static func session(_ plan: PomodoroPlan? = plan) -> Session {
        Session(
            id: 3, owner: 1000, blockLists: [], start: start,
            plannedEnd: start.addingTimeInterval(Double(plan?.total ?? 600)), locked: false, pomodoro: plan)
    }

    @Test func theSummarysPhaseIsTheHelpersAtEveryMoment() {
        let session = Self.session()
        let paused = session.paused(at: Self.start.addingTimeInterval(37))
        for offset in stride(from: -1.0, through: 97, by: 0.5) {
            let now = Self.start.addingTimeInterval(offset)
            // The summary as the helper wrote it at the start, read at `now`.
            let summary = session.summary(at: Self.start)
            #expect(summary.phase(at: now) == session.phaseStatus(at: now), "running, at \(offset)")
            #expect(summary.progress(at: now) == session.summary(at: now).progress, "running, at \(offset)")
            #expect(
                paused.summary(at: Self.start).phase(at: now) == paused.phaseStatus(at: now), "paused, at \(offset)")
        }
        let breakOfTwo = session.summary(at: Self.start).phase(at: Self.start.addingTimeInterval(55))
        #expect(
            breakOfTwo == PhaseStatus(kind: .shortBreak, cycle: 2, cycles: 3, endsAt: Self.start.addingTimeInterval(60))
        )
        #expect(
            paused.summary(at: Self.start).phase(at: Self.start.addingTimeInterval(500))?.cycle == 2,
            "a paused session's phase stands still")
        #expect(Self.session(nil).summary(at: Self.start).phase(at: Self.start) == nil, "no plan, no phase")
    }

    @Test func aLaterSnapshotKeepsPausedSessionsAndShowsThePhaseOfNow() {
        let ended = Self.session(nil)
        var pausedSession = Self.session(nil)
        pausedSession.id = 4
        pausedSession = pausedSession.paused(at: Self.start.addingTimeInterval(60))
        var pomodoro = Self.session()
        pomodoro.id = 5
        pomodoro.plannedEnd = Self.start.addingTimeInterval(2000 + 95)
        pomodoro.start = Self.start.addingTimeInterval(2000)
        let snapshot = StatusSnapshot(
            sessions: [ended, pausedSession, pomodoro].map {
                StatusSnapshot.ActiveSession($0.summary(at: Self.start))
            }, counts: nil)
        let later = Self.start.addingTimeInterval(2000 + 25)
        let current = snapshot.current(at: later)
        #expect(current.sessions.map(\.session.id) == [4, 5], "the ended plain session goes, the paused one stays")
        let phase = current.sessions.last?.session.progress.phase
        #expect(
            phase == PhaseStatus(kind: .shortBreak, cycle: 1, cycles: 3, endsAt: Self.start.addingTimeInterval(2030)))
        #expect(current.sessions.last?.session.progress.completedWork == 1)
        #expect(snapshot.sessions.last?.session.progress.phase == nil, "as written, before the plan began")
    }
}
