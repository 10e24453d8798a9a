import Foundation
import RefocusCore
import RefocusEnforcement
import RefocusLayerFakes
import RefocusPlanning
import Testing

/// The Reconciler with the administrator's schedules, over fake layers and
/// without root: a schedule in force blocks for its users alone (their
/// programs, never the machine-wide hosts section), the report names it and
/// when the next change comes, and `user_sessions = "owner"` makes a user's
/// own session bind its owner alone.
struct ReconcilerScheduleTests {
    static let targets = ScheduleTargets(uid: { ["kid": 1001][$0] }, members: { _ in [] })

    /// A schedule for kid over a list with a domain, an address and a program, from 08:00 to 09:00 UTC every day.
    static func schedules() throws -> AdministratorSchedules {
        let games = BlockList(
            name: try BlockListName("games"),
            entries: [try BlockEntry(parsing: "minecraft.net"), try BlockEntry(parsing: "198.51.100.5")],
            programs: [try ProgramName("supertux2")])
        return AdministratorSchedules([
            AdministratorSchedule(
                name: try BlockListName("mornings"), file: "family.toml", users: ["kid", "nobody-here"], groups: [],
                lists: [games], timing: .daily(startMinute: 8 * 60, endMinute: 9 * 60, days: Set(0...6)), lock: true)
        ])
    }

    static func reconciler(_ fixture: ReconcileFixture, owners: Bool = false) throws -> Reconciler {
        var policy = Policy()
        policy.enforcement.blockDoHEndpoints = false
        if owners { policy.perUser.userSessions = .owner }
        return Reconciler(
            store: fixture.store, policy: policy, layers: fixture.layers.ordered, resolverModule: { true },
            zone: { .utc }, schedules: try schedules(), targets: targets)
    }

    @Test func aScheduleInForceBlocksForItsUsersAloneUntilItsEnd() throws {
        let fixture = try ReconcileFixture()
        defer { fixture.folder.remove() }
        // The fixture's clock, 1_800_000_600, is 08:10 UTC.
        let reconciler = try Self.reconciler(fixture)
        let report = try reconciler.reconcile(clock: fixture.clock, system: [])
        #expect(report.administered.map(\.name.rawValue) == ["mornings"])
        #expect(report.administered.first?.uids == [1001], "a login name that does not exist reaches nobody")
        #expect(report.nextAdministeredChange == Date(timeIntervalSince1970: 1_800_000_000 + 3600), "09:00")
        let names = ["minecraft.net"] + ["www", "m", "mobile", "app", "api"].map { $0 + ".minecraft.net" }
        #expect(Set(report.desired.userBlocks[1001]?.namesToResolve ?? []) == Set(names))
        #expect(fixture.layers.programs.system == ["1000:steam", "1001:supertux2"])
        #expect(!fixture.layers.hosts.system.contains("minecraft.net"), "never in the machine-wide section")
        #expect(fixture.layers.hosts.system.contains("social.example"), "the owner's own session is machine-wide")

        // After the window (09:05): nothing for kid.
        let later = ClockReading(
            wall: Date(timeIntervalSince1970: 1_800_000_000 + 65 * 60), sinceBoot: .seconds(13_900), bootID: "boot-a")
        let after = try reconciler.reconcile(clock: later, system: [])
        #expect(after.administered.isEmpty && after.desired.userBlocks.isEmpty)
        #expect(
            fixture.layers.programs.system.isEmpty, "kid's program is free (and the owner's session ended at 09:00)")
        // The next change is tomorrow's 08:00.
        #expect(after.nextAdministeredChange == Date(timeIntervalSince1970: 1_800_000_000 + 86_400))
        // The store keeps the window for the report: enforced from the first run in it to its end, which the
        // run after it reached with the window in force at the run before.
        let windows = try fixture.store.read { try $0.administeredWindows(since: ReconcileFixture.start) }
        #expect(windows.map(\.uid) == [1001])
        #expect(windows.first?.enforced == fixture.clock.wall...Date(timeIntervalSince1970: 1_800_000_000 + 3600))
        #expect(windows.first?.enforcedSeconds == 50 * 60)
        #expect(try fixture.store.read { try $0.administeredWindows(since: later.wall) }.isEmpty)
    }

    @Test func underUserSessionsOwnerAUsersOwnSessionBindsItsOwnerAlone() throws {
        let fixture = try ReconcileFixture()
        defer { fixture.folder.remove() }
        let report = try Self.reconciler(fixture, owners: true).reconcile(clock: fixture.clock, system: [])
        #expect(report.desired.hostsNames.isEmpty, "no machine-wide section")
        #expect(report.desired.browserHosts.isEmpty, "nor the browsers, which read machine-wide policies")
        #expect(report.desired.userBlocks[1000]?.indexedNames.map(\.ascii) == ["social.example"])
        #expect(report.desired.userBlocks[1000]?.addresses.map(\.description) == ["192.0.2.9"])
        #expect(fixture.layers.programs.system == ["1000:steam", "1001:supertux2"])
    }
}
