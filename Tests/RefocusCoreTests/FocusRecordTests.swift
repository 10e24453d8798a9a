#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Testing
@testable import RefocusCore
@testable import RefocusPlanning

/// How much of an ended session was focus.
@Suite struct FocusRecordTests {
    @Test func aPlainSessionFocusesItsRunLessItsPauses() throws {
        var session = Session(
            id: 4, owner: 1000, blockLists: [], start: SessionPhasesTests.start,
            plannedEnd: SessionPhasesTests.at(3600), locked: false)
        #expect(session.focusRecord() == nil, "still running")
        session = session.paused(at: SessionPhasesTests.at(600)).resumed(at: SessionPhasesTests.at(900))
        session.endedAt = SessionPhasesTests.at(1800)
        session.outcome = .stopped
        let record = try #require(session.focusRecord(blocked: BlockedCounts(attempts: 3, programsKilled: 1)))
        #expect(record.focusedSeconds == 1500 && record.outcome == .stopped && record.completedWork == nil)
        #expect(record.blocked == BlockedCounts(attempts: 3, programsKilled: 1))
    }

    @Test func aPomodoroSessionFocusesItsWorkPhasesOnly() throws {
        var session = try SessionPhasesTests.session()  // W20 S10 W20 L5
        session.endedAt = SessionPhasesTests.at(40)
        session.outcome = .stopped
        let stopped = try #require(session.focusRecord())
        #expect(stopped.focusedSeconds == 30 && stopped.completedWork == 1, "20 s, then 10 of the second work phase")
        session.endedAt = SessionPhasesTests.at(55)
        session.outcome = .completed
        #expect(session.focusRecord()?.focusedSeconds == 40)
    }
}

/// The recap's words.
@Suite struct FocusRecapTextTests {
    @Test func todayTheStreakAndAMilestone() {
        #expect(
            FocusRecapText.line(FocusRecap(todaySeconds: 4320, streak: 4, milestoneReached: nil))
                == "Today: 1h12m of focus; streak: 4 days.")
        #expect(
            FocusRecapText.line(FocusRecap(todaySeconds: 60, streak: 1, milestoneReached: nil))
                == "Today: 1m of focus; streak: 1 day.")
        #expect(
            FocusRecapText.line(FocusRecap(todaySeconds: 120, streak: 0, milestoneReached: nil))
                == "Today: 2m of focus; no streak yet.")
        #expect(
            FocusRecapText.line(FocusRecap(todaySeconds: 1800, streak: 7, milestoneReached: 7))
                == "Today: 30m of focus; streak: 7 days. Milestone: 7 days in a row!")
    }
}
