import Foundation
import RefocusCore
import RefocusEnforcement
import RefocusLayerFakes
import RefocusPlanning
import Testing

/// A window its user waived, over fake layers: a schedule with
/// `lock = false` is left out for that user alone until the window ends and
/// binds them again at the next; one locked again binds them whatever they
/// waived.
struct ReconcilerWaiverTests {
    static let targets = ScheduleTargets(uid: { ["kid": 1001, "teen": 1002][$0] }, members: { _ in [] })

    static func reconciler(_ fixture: ReconcileFixture, lock: Bool) throws -> Reconciler {
        let games = BlockList(name: try BlockListName("games"), programs: [try ProgramName("supertux2")])
        let schedules = AdministratorSchedules([
            AdministratorSchedule(
                name: try BlockListName("mornings"), file: "family.toml", users: ["kid", "teen"], groups: [],
                lists: [games], timing: .daily(startMinute: 8 * 60, endMinute: 9 * 60, days: Set(0...6)), lock: lock)
        ])
        return Reconciler(
            store: fixture.store, policy: Policy(), layers: fixture.layers.ordered, resolverModule: { true },
            zone: { .utc }, schedules: schedules, targets: targets)
    }

    @Test(arguments: [false, true])
    func aWaivedWindowIsLeftOutForItsUserAloneUnlessTheScheduleIsLocked(lock: Bool) throws {
        let fixture = try ReconcileFixture(sessions: false)
        defer { fixture.folder.remove() }
        let reconciler = try Self.reconciler(fixture, lock: lock)
        let first = try reconciler.reconcile(clock: fixture.clock, system: [])
        #expect(first.administered.first?.uids == [1001, 1002])
        let now = fixture.clock.wall, windows = first.administered
        try fixture.store.write { try $0.waiveAdministered(windows, uid: 1001, now: now) }

        let waived = try reconciler.reconcile(clock: fixture.clock, system: [])
        #expect(waived.administered.first?.uids == (lock ? [1001, 1002] : [1002]))
        #expect(fixture.layers.programs.system == (lock ? ["1001:supertux2", "1002:supertux2"] : ["1002:supertux2"]))

        // The next morning's window binds kid again.
        let tomorrow = ClockReading(
            wall: fixture.clock.wall.addingTimeInterval(86_400), sinceBoot: .seconds(96_400), bootID: "boot-a")
        let next = try reconciler.reconcile(clock: tomorrow, system: [])
        #expect(next.administered.first?.uids == [1001, 1002])
        let waivers = try fixture.store.read { try $0.administeredWaivers(since: ReconcileFixture.start) }
        #expect(waivers.keys.map(\.uid) == [1001] && waivers.values.first == fixture.clock.wall)
    }
}
