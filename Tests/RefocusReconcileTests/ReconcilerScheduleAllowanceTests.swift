import Foundation
import RefocusCore
import RefocusEnforcement
import RefocusLayerFakes
import RefocusPlanning
import Testing

/// A schedule with `allowance`, over fake layers: in its window its lists
/// are a daily allowance for its users, open (metered) until used up, then
/// blocked for them alone until the window ends; outside it, nothing. The
/// allowance's day starts at the window's start.
struct ReconcilerScheduleAllowanceTests {
    static let targets = ScheduleTargets(uid: { ["kid": 1001][$0] }, members: { _ in [] })

    /// kid's "evenings", 08:00 to 09:00 UTC every day, with 20 minutes of games.
    static func reconciler(_ fixture: ReconcileFixture) throws -> Reconciler {
        let games = BlockList(
            name: try BlockListName("games"), entries: [try BlockEntry(parsing: "minecraft.net")],
            programs: [try ProgramName("supertux2")])
        let schedules = AdministratorSchedules([
            AdministratorSchedule(
                name: try BlockListName("evenings"), file: "family.toml", users: ["kid"], groups: [], lists: [games],
                timing: .daily(startMinute: 8 * 60, endMinute: 9 * 60, days: Set(0...6)), lock: true,
                allowanceSeconds: 20 * 60)
        ])
        var policy = Policy()
        policy.enforcement.blockDoHEndpoints = false
        return Reconciler(
            store: fixture.store, policy: policy, layers: fixture.layers.ordered, resolverModule: { true },
            zone: { .utc }, schedules: schedules, targets: targets)
    }

    @Test func theListsAreOpenUntilTheAllowanceIsSpentThenBlockedForKidUntilTheWindowEnds() throws {
        let fixture = try ReconcileFixture(sessions: false)
        defer { fixture.folder.remove() }
        let reconciler = try Self.reconciler(fixture)
        // 08:10: nothing used yet: open, and kid's use of it is metered.
        let open = try reconciler.reconcile(clock: fixture.clock, system: [])
        #expect(open.administered.isEmpty, "an allowance is no session that blocks from the start")
        #expect(open.desired.userBlocks.isEmpty && fixture.layers.programs.system.isEmpty)
        let allowance = try #require(open.allowances.first)
        #expect(open.allowances.count == 1 && allowance.allowance.owner == 1001 && !allowance.isSpent)
        #expect(allowance.allowance.setByAdministrator && allowance.allowance.allowance.dailySeconds == 1200)
        #expect(allowance.period.begins == ReconcileFixture.start, "its day starts at the window's start, 08:00")
        #expect(allowance.allowance.lockedUntil == ReconcileFixture.start.addingTimeInterval(3600))

        // Used up: blocked for kid alone.
        try fixture.store.write {
            try $0.keepUse(owner: 1001, list: allowance.allowance.name, day: allowance.period.day, seconds: 1200)
        }
        let spent = try reconciler.reconcile(clock: fixture.clock, system: [])
        #expect(spent.allowances.map(\.isSpent) == [true])
        #expect(spent.desired.userBlocks[1001]?.indexedNames.map(\.ascii) == ["minecraft.net"])
        #expect(spent.desired.hostsNames.isEmpty, "never machine-wide")
        #expect(fixture.layers.programs.system == ["1001:supertux2"])

        // 09:05, past the window: no allowance, nothing blocked.
        let later = ClockReading(
            wall: ReconcileFixture.start.addingTimeInterval(65 * 60), sinceBoot: .seconds(13_900), bootID: "boot-a")
        let after = try reconciler.reconcile(clock: later, system: [])
        #expect(after.allowances.isEmpty && after.desired.userBlocks.isEmpty)
        #expect(fixture.layers.programs.system.isEmpty)
    }
}
