import Foundation
import Testing

@testable import RefocusCore
@testable import RefocusPlanning

/// The notifications of pending changes (`PendingNotice`): what the owner
/// reads when an emergency exit, a stop or a pause waits, when a pause
/// applies, and when a change is withdrawn; times in the machine's zone.
@Suite struct PendingNoticeTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)  // 2027-01-15 08:00 UTC

    static func session(label: String? = nil) throws -> Session {
        Session(
            id: 3, owner: 1000,
            blockLists: [BlockList(name: try BlockListName("social")), BlockList(name: try BlockListName("news"))],
            start: now, plannedEnd: now.addingTimeInterval(3600), locked: true,
            label: try label.map { try SessionLabel($0) })
    }

    @Test func anEmergencyExitSaysWhenTheSessionEnds() throws {
        let change = PendingChange(
            kind: .emergency, requestedAt: Self.now, effectiveAt: Self.now.addingTimeInterval(900),
            reason: try EmergencyReason("the doctor called"))
        let notice = PendingNotice.asked(change, of: try Self.session(), zone: .utc)
        #expect(notice.title == "Emergency exit")
        #expect(
            notice.body
                == "'news, social' ends at 08:15; it blocks until then. 'refocus stop --cancel' withdraws it.")
        let local = PendingNotice.asked(
            change, of: try Self.session(label: "thesis"), zone: .fixed(name: "UTC+1", offsetSeconds: 3600))
        #expect(local.title == "thesis: Emergency exit")
        #expect(local.body.hasPrefix("'news, social' ends at 09:15;"))
    }

    @Test func aStopOrPauseThatWaitsAndItsEndings() throws {
        let session = try Self.session()
        let stop = PendingChange(kind: .stop, requestedAt: Self.now, effectiveAt: Self.now.addingTimeInterval(120))
        #expect(
            PendingNotice.asked(stop, of: session, zone: .utc)
                == SessionNotice(
                    title: "Focus session stopping",
                    body: "'news, social' stops at 08:02, after its delay; it blocks until then. "
                        + "'refocus stop --cancel' withdraws it."))
        let pause = PendingChange(kind: .pause, requestedAt: Self.now, effectiveAt: Self.now.addingTimeInterval(120))
        #expect(PendingNotice.asked(pause, of: session, zone: .utc).body.hasPrefix("'news, social' pauses at 08:02"))
        #expect(
            PendingNotice.paused(session).body
                == "'news, social' is paused: its blocks are lifted. 'refocus resume' resumes it.")
        #expect(
            PendingNotice.withdrawn(stop, of: session, zone: .utc)
                == SessionNotice(
                    title: "Focus session continues",
                    body: "The stop of 'news, social' was withdrawn; it blocks until 09:00."))
    }

    @Test(arguments: [(0, "00:00"), (59, "00:00"), (60, "00:01"), (13 * 3600 + 5 * 60, "13:05"), (-60, "23:59")])
    func clockTimesAreTwentyFourHourWithTwoDigits(_ seconds: Int, _ text: String) {
        let midnight = Date(timeIntervalSince1970: 1_799_971_200)  // 2027-01-15 00:00 UTC
        #expect(LocalZone.utc.clock(of: midnight.addingTimeInterval(TimeInterval(seconds))) == text)
    }
}
