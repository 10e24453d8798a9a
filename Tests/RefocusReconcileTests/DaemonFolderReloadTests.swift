import Foundation
import RefocusCore
@testable import RefocusDaemon
import Testing

/// The daemon following the administrator's folders, over fakes: a change
/// arms the reload timer for a quiet time and reloads nothing yet; more
/// changes only push that time back (up to a bound); when the timer goes
/// off the schedules are read again, the watch re-armed first, and a
/// reconcile runs, as on SIGHUP.
struct DaemonFolderReloadTests {
    @Test func changesAreReloadedOnceWhenTheFoldersAreQuiet() throws {
        let fixture = try DaemonFixture()
        defer { fixture.folder.remove() }
        fixture.daemon.start()
        #expect(fixture.administratorWatch.rearms == 1, "armed before the first read")
        let schedules = try ReconcilerScheduleTests.schedules()
        fixture.schedules = schedules
        fixture.layers.journal.clear()

        fixture.administratorWatch.changed = true
        fixture.wake([fixture.administratorWatch])
        #expect(fixture.reloadTimer.armed == QuietReload.quiet)
        #expect(fixture.daemon.reconciler.schedules.schedules.isEmpty, "not read before the quiet time")
        #expect(fixture.layers.journal.applied.isEmpty, "no reconcile yet")
        // An event that does not count (drained as nothing) leaves the timer alone.
        fixture.wake([fixture.administratorWatch])
        #expect(fixture.reloadTimer.arms == 1)

        fixture.wake([fixture.reloadTimer])
        #expect(fixture.reloadTimer.acknowledged == 1)
        #expect(fixture.daemon.reconciler.schedules == schedules)
        #expect(fixture.administratorWatch.rearms == 2, "armed again for what the paths lead to now")
        #expect(fixture.layers.journal.applied.contains(.hosts), "one reconcile, as after SIGHUP")
    }

    @Test func aStreamOfChangesDelaysTheReloadABoundedNumberOfTimes() throws {
        var quiet = QuietReload()
        let delays = (0..<QuietReload.maximumRestarts + 3).map { _ in quiet.changed() }
        #expect(delays.prefix(QuietReload.maximumRestarts).allSatisfy { $0 == QuietReload.quiet })
        #expect(delays.dropFirst(QuietReload.maximumRestarts).allSatisfy { $0 == nil }, "left to go off")
        quiet.fired()
        #expect(quiet.changed() == QuietReload.quiet, "the next change waits anew")
    }
}
