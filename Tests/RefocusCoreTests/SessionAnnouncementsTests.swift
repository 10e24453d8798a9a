#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Testing
@testable import RefocusCore

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
        #expect(Self.run(session, at: [1, 5, 21, 31, 51]) == [
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
        var plain = Session(id: 1, owner: 1000, blockLists: [], start: SessionPhasesTests.start,
                            plannedEnd: SessionPhasesTests.at(60), locked: false)
        let started = SessionAnnouncements.due(plain, announced: nil, now: SessionPhasesTests.at(1))
        #expect(started.events == [SessionEvent(.start)] && started.marker == "start")
        plain.endedAt = SessionPhasesTests.at(20)
        #expect(SessionAnnouncements.due(plain, announced: "start", now: SessionPhasesTests.at(21)).events == [SessionEvent(.end)])
    }

    @Test func aDamagedMarkerCountsAsNeverAnnounced() throws {
        let session = try SessionPhasesTests.session()
        #expect(SessionAnnouncements.due(session, announced: "start work x", now: SessionPhasesTests.at(1)).events.map(\.kind)
            == [.start, .workStart])
    }
}
