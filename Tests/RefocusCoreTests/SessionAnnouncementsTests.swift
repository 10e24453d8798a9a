#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Testing
@testable import RefocusCore
@testable import RefocusPlanning

/// Which hooks and notifications are due as a pomodoro session runs, and
/// that a restarted daemon neither repeats nor replays them.
@Suite struct SessionAnnouncementsTests {
    static func run(_ session: Session, at moments: [Double]) -> [[SessionEventKind]] {
        var marker: String?
        return moments.map { moment in
            let due = SessionAnnouncements.due(session, announced: marker, now: SessionPhasesTests.at(moment))
            marker = due.marker
            return due.events.map(\.kind)
        }
    }

    @Test func aPomodoroSessionAnnouncesItsStartEachPhaseAndItsEnd() throws {
        let session = try SessionPhasesTests.session()
        #expect(
            Self.run(session, at: [1, 5, 21, 31, 51]) == [
                [.start, .workStart], [], [.workEnd, .breakStart], [.breakEnd, .workStart], [.workEnd, .breakStart],
            ])
        var ended = session
        ended.endedAt = SessionPhasesTests.at(55)
        ended.outcome = .completed
        let marker = SessionAnnouncements.due(session, announced: nil, now: SessionPhasesTests.at(51)).marker
        let end = SessionAnnouncements.due(ended, announced: marker, now: SessionPhasesTests.at(56))
        #expect(end.events.map(\.kind) == [.breakEnd, .end] && end.marker == SessionAnnouncements.ended)
        #expect(SessionAnnouncements.due(ended, announced: end.marker, now: SessionPhasesTests.at(57)).events.isEmpty)
    }

    @Test func aMissedPhaseIsNotReplayed() throws {
        let session = try SessionPhasesTests.session()
        #expect(Self.run(session, at: [1, 35]) == [[.start, .workStart], [.workEnd, .workStart]])
    }

    @Test func anEndNeverStartedOrLongPastRunsNothing() throws {
        var ended = try SessionPhasesTests.session()
        ended.endedAt = SessionPhasesTests.at(55)
        #expect(SessionAnnouncements.due(ended, announced: nil, now: SessionPhasesTests.at(56)).events.isEmpty)
        let late = SessionPhasesTests.at(55 + SessionAnnouncements.staleAfter.timeInterval + 1)
        #expect(SessionAnnouncements.due(ended, announced: "start", now: late) == ([], SessionAnnouncements.ended))
    }

    @Test func aPlainSessionAnnouncesItsStartAndEnd() throws {
        var plain = Session(
            id: 1, owner: 1000, blockLists: [], start: SessionPhasesTests.start,
            plannedEnd: SessionPhasesTests.at(60), locked: false)
        let started = SessionAnnouncements.due(plain, announced: nil, now: SessionPhasesTests.at(1))
        #expect(started.events == [SessionEvent(.start)] && started.marker == "start")
        plain.endedAt = SessionPhasesTests.at(20)
        #expect(
            SessionAnnouncements.due(plain, announced: "start", now: SessionPhasesTests.at(21)).events == [
                SessionEvent(.end)
            ])
    }

    @Test func aDamagedMarkerCountsAsNeverAnnounced() throws {
        let session = try SessionPhasesTests.session()
        #expect(
            SessionAnnouncements.due(session, announced: "start work x", now: SessionPhasesTests.at(1)).events.map(
                \.kind)
                == [.start, .workStart])
    }
}

/// What the owner's notifications say.
@Suite struct SessionNoticeTests {
    @Test func phaseChangesSayWhatComesNext() throws {
        let session = try SessionPhasesTests.session()
        let phases = SessionPhasesTests.plan.phases
        #expect(
            SessionNotice([SessionEvent(.start), SessionEvent(.workStart, phase: phases[0])], of: session) == nil,
            "the owner just started it")
        #expect(
            SessionNotice(
                [SessionEvent(.workEnd, phase: phases[0]), SessionEvent(.breakStart, phase: phases[1])],
                of: session)
                == SessionNotice(
                    title: "Break: 10s", body: "Work phase 1 of 2 done: social unblocked; work phase 2 follows."))
        #expect(
            SessionNotice(
                [SessionEvent(.breakEnd, phase: phases[1]), SessionEvent(.workStart, phase: phases[2])],
                of: session)
                == SessionNotice(title: "Work phase 2 of 2: 20s", body: "Break over: social blocked again."))
        #expect(SessionNotice([SessionEvent(.breakStart, phase: phases[3])], of: session)?.title == "Long break: 5s")
    }

    @Test func theEndSaysHowLongAgainstThePlanAndHowItEnded() throws {
        var session = try SessionPhasesTests.session()
        session.label = try SessionLabel("thesis")
        session.endedAt = SessionPhasesTests.at(35)
        session.outcome = .stopped
        #expect(
            SessionNotice([SessionEvent(.end)], of: session)
                == SessionNotice(
                    title: "thesis: Focus session ended", body: "social: 55s, stopped after 35s; 1 of 2 work phases."))
    }
}
