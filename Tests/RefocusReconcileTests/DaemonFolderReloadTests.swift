import Foundation
import Glibc
import RefocusCore
@testable import RefocusDaemon
import RefocusOS
import Testing

/// The daemon following the administrator's folders, over fakes: a change
/// arms the reload timer for a quiet time and reloads nothing yet; more
/// changes only push that time back (up to a bound); when the timer goes
/// off the schedules are read again, the watch re-armed first, and a
/// reconcile runs, as on SIGHUP. The schedules' users are looked up at a
/// reload and when the answer is stale, not at each reconcile.
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

    @Test func theSchedulesUsersAreLookedUpAtEachReloadAndWhenStaleNotAtEachReconcile() throws {
        let fixture = try DaemonFixture()
        defer { fixture.folder.remove() }
        // Open all day but the last minute, in any zone: the fixture's clock is never at a local 23:59.
        fixture.schedules = AdministratorSchedules([
            AdministratorSchedule(
                name: try BlockListName("days"), file: "family.toml", users: ["kid"], groups: [],
                lists: try ReconcilerScheduleTests.schedules().schedules[0].lists,
                timing: .daily(startMinute: 0, endMinute: 23 * 60 + 59, days: Set(0...6)), lock: true)
        ])
        fixture.daemon.start()
        #expect(fixture.lookups.count == 1)
        #expect(fixture.published?.administered?.map(\.uids) == [[1001]])
        _ = try fixture.request()
        _ = try fixture.request()
        #expect(fixture.lookups.count == 1, "the reconciles use the table")
        fixture.signals.pending = [SIGHUP]
        fixture.wake([fixture.signals])
        #expect(fixture.lookups.count == 2, "a reload looks them up again")
        fixture.clock.sinceBoot += ScheduleTargetsCache.maximumAge
        _ = try fixture.request()
        #expect(fixture.lookups.count == 3, "and so does the first reconcile after five minutes")
        #expect(fixture.published?.administered?.map(\.uids) == [[1001]])
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
