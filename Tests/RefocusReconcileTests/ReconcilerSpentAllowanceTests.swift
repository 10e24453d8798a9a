import Foundation
import RefocusCore
import RefocusEnforcement
import RefocusLayerFakes
import RefocusPlanning
import Testing

/// A spent daily allowance over fake layers: the administrator's
/// (`[[allowance]]` in the policy) blocks its list for its user alone, as a
/// schedule does; a user's own blocks as their sessions do (machine-wide).
/// The policy's user is `root`, the one login name every machine has.
struct ReconcilerSpentAllowanceTests {
    static func video() throws -> BlockList {
        BlockList(
            name: try BlockListName("video"),
            entries: [try BlockEntry(parsing: "video.example"), try BlockEntry(parsing: "198.51.100.7")],
            programs: [try ProgramName("mpv")])
    }

    static func spend(_ fixture: ReconcileFixture, owner: UInt32, list: BlockListName) throws {
        let day = try StoredAllowance(
            owner: owner, list: try video(), allowance: DailyAllowance(list: list, dailySeconds: 60)
        )
        .period(at: fixture.clock.wall, zone: .utc).day
        try fixture.store.write { try $0.keepUse(owner: owner, list: list, day: day, seconds: 60) }
    }

    static func reconciler(_ fixture: ReconcileFixture, policy: Policy) -> Reconciler {
        Reconciler(
            store: fixture.store, policy: policy, layers: fixture.layers.ordered, resolverModule: { true },
            zone: { .utc })
    }

    @Test func theAdministratorsSpentAllowanceBlocksForItsUserAlone() throws {
        let fixture = try ReconcileFixture(sessions: false)
        defer { fixture.folder.remove() }
        let list = try Self.video()
        var policy = Policy()
        policy.enforcement.blockDoHEndpoints = false
        policy.allowances = [
            PolicyAllowance(
                users: ["root"], list: list, allowance: try DailyAllowance(list: list.name, dailySeconds: 60))
        ]
        try Self.spend(fixture, owner: 0, list: list.name)
        let report = try Self.reconciler(fixture, policy: policy).reconcile(clock: fixture.clock, system: [])
        #expect(report.allowances.map(\.isSpent) == [true])
        #expect(report.desired.hostsNames.isEmpty, "nothing in the machine-wide section: \(report.desired.hostsNames)")
        #expect(report.desired.userBlocks[0]?.indexedNames.map(\.ascii) == ["video.example"])
        #expect(report.desired.userBlocks[0]?.addresses.map(\.description) == ["198.51.100.7"])
        #expect(fixture.layers.programs.system == ["0:mpv"])
    }

    @Test func aUsersOwnSpentAllowanceBlocksAsTheirSessionsDo() throws {
        let fixture = try ReconcileFixture(sessions: false)
        defer { fixture.folder.remove() }
        let list = try Self.video()
        var policy = Policy()
        policy.enforcement.blockDoHEndpoints = false
        try fixture.store.write { transaction in
            try transaction.save(
                StoredAllowance(
                    owner: 1000, list: list, allowance: try DailyAllowance(list: list.name, dailySeconds: 60)))
        }
        try Self.spend(fixture, owner: 1000, list: list.name)
        let report = try Self.reconciler(fixture, policy: policy).reconcile(clock: fixture.clock, system: [])
        #expect(report.allowances.map(\.isSpent) == [true])
        #expect(report.desired.userBlocks.isEmpty)
        #expect(report.desired.hostsNames.contains("video.example"), "\(report.desired.hostsNames)")
    }
}
