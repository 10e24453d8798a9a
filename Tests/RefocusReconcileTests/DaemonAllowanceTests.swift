import Foundation
import RefocusCore
import RefocusEnforcement
@testable import RefocusDaemon
import RefocusLayerFakes
import RefocusOS
import Testing
@testable import RefocusPlanning
@testable import RefocusProtocol

/// Daily allowances in the daemon's loop over fakes, without root: a spent
/// one is blocked with no session running, published in the status file
/// and its reset arms the end timer; the meter takes every reconcile's
/// allowances, and its event that wants a reconcile gets one.
struct DaemonAllowanceTests {
    @Test func aSpentAllowanceIsBlockedPublishedAndOpensAtItsReset() throws {
        let fixture = try DaemonFixture(sessions: false)
        defer { fixture.folder.remove() }
        let video = try BlockListName("video")
        let allowance = StoredAllowance(
            owner: 1000,
            list: BlockList(
                name: video, entries: [try BlockEntry(parsing: "video.example")], programs: [try ProgramName("mpv")]),
            allowance: try DailyAllowance(list: video, dailySeconds: 60))
        let period = allowance.period(at: fixture.clock.wall, zone: MachineTimeZone.current)
        try fixture.store.write { transaction in
            try transaction.save(allowance)
            try transaction.keepUse(owner: 1000, list: video, day: period.day, seconds: 60)
        }
        fixture.daemon.start()
        #expect(fixture.layers.programs.system == ["1000:mpv"])
        #expect(fixture.layers.hosts.system.contains("video.example"))
        let published = try #require(fixture.published)
        #expect(published.sessions.isEmpty, "no session runs")
        #expect(published.allowances?.map(\.spent) == [true])
        #expect(published.allowances?.first?.resetsAt == period.resetsAt)
        let untilReset = period.resetsAt.timeIntervalSince(fixture.clock.wall)
        #expect(fixture.endTimer.armed == .milliseconds(Int64((untilReset * 1000).rounded(.up))))
        #expect(fixture.meter.updates.map { $0.map(\.isSpent) } == [[true]])

        fixture.meter.pendingEvent = (reconcile: true, republish: true)
        fixture.layers.journal.clear()
        fixture.wake([fixture.meter])
        #expect(!fixture.layers.journal.applied.isEmpty, "the meter's event reconciled")
        #expect(fixture.meter.updates.count == 2)
        fixture.daemon.finish()
        #expect(fixture.meter.finished)
    }
}
