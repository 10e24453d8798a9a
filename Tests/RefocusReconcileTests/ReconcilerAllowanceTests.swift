import Foundation
import RefocusCore
import RefocusEnforcement
import RefocusLayerFakes
import RefocusPlanning
import Testing

/// Daily allowances in the store as the Reconciler enforces them, over fake
/// layers: a spent one blocks its list's domains and programs at every
/// layer as a locked session would, until its reset, without being a
/// session (no active session, no history); an open one blocks nothing. The
/// store keeps a day's use from going down.
struct ReconcilerAllowanceTests {
    static let video = try! BlockListName("video")

    static func allowance() throws -> StoredAllowance {
        StoredAllowance(
            owner: 1000,
            list: BlockList(
                name: video, entries: [try BlockEntry(parsing: "video.example")], programs: [try ProgramName("mpv")]),
            allowance: try DailyAllowance(list: video, dailySeconds: 600))
    }

    @Test func aSpentAllowanceIsBlockedAtEveryLayerUntilItsResetAndIsNoSession() throws {
        let fixture = try ReconcileFixture(sessions: false)
        defer { fixture.folder.remove() }
        var policy = Policy()
        policy.enforcement.blockDoHEndpoints = false
        let reconciler = Reconciler(
            store: fixture.store, policy: policy, layers: fixture.layers.ordered, resolverModule: { true },
            zone: { .utc })
        let allowance = try Self.allowance()
        let now = fixture.clock.wall
        let day = allowance.period(at: now, zone: .utc).day
        try fixture.store.write { transaction in
            try transaction.save(allowance)
            try transaction.keepUse(owner: 1000, list: Self.video, day: day, seconds: 599)
        }
        let open = try reconciler.reconcile(clock: fixture.clock, system: [])
        #expect(open.desired.programs.isEmpty && !fixture.layers.hosts.system.contains("video.example"))
        #expect(open.allowances.map(\.usedSeconds) == [599])

        try fixture.store.write { try $0.keepUse(owner: 1000, list: Self.video, day: day, seconds: 600) }
        let spent = try reconciler.reconcile(clock: fixture.clock, system: [])
        #expect(fixture.layers.programs.system == ["1000:mpv"])
        #expect(fixture.layers.hosts.system.contains("video.example"))
        #expect(spent.desired.programs[1000] == [try ProgramName("mpv")])
        #expect(spent.active.isEmpty, "no session runs")
        #expect(try fixture.store.read { try $0.history(owner: nil, limit: 10) }.isEmpty)
        #expect(try fixture.store.read { try $0.openSessions() }.isEmpty, "nothing was stored as a session")

        // A lower count for the same day is not kept: the day's use never goes down.
        try fixture.store.write { try $0.keepUse(owner: 1000, list: Self.video, day: day, seconds: 10) }
        #expect(try fixture.store.read { try $0.usedSeconds(owner: 1000, list: Self.video, day: day) } == 600)

        // At the reset the next day begins with nothing used: the list opens again.
        let reset = try #require(spent.allowances.first).period.resetsAt
        let after = ClockReading(
            wall: reset.addingTimeInterval(1), sinceBoot: fixture.clock.sinceBoot + .seconds(86_400), bootID: "boot-a")
        let next = try reconciler.reconcile(clock: after, system: [])
        #expect(next.desired.programs.isEmpty && !fixture.layers.hosts.system.contains("video.example"))
        #expect(next.allowances.map(\.usedSeconds) == [0])
    }

    @Test func theStoreKeepsAllowancesPerOwnerAndList() throws {
        let fixture = try ReconcileFixture(sessions: false)
        defer { fixture.folder.remove() }
        var locked = try Self.allowance()
        locked.lockedUntil = Date(timeIntervalSince1970: 1_800_050_000)
        var another = locked
        another.owner = 1001
        let (allowance, other) = (locked, another)
        try fixture.store.write { transaction in
            try transaction.save(allowance)
            try transaction.save(other)
        }
        #expect(try fixture.store.read { try $0.allowances(owner: 1000) } == [allowance])
        var lowered = allowance
        lowered.allowance = try DailyAllowance(list: Self.video, dailySeconds: 300, resetMinute: 90)
        let changed = lowered
        try fixture.store.write { try $0.save(changed) }
        #expect(try fixture.store.read { try $0.allowances() } == [changed, other])
        try fixture.store.write { try $0.removeAllowance(owner: 1000, list: Self.video) }
        #expect(try fixture.store.read { try $0.allowances() } == [other])
    }
}
