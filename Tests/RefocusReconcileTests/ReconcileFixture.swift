import Foundation
import RefocusCore
import RefocusEnforcement
import RefocusLayerFakes
import RefocusTestSupport
import RefocusPlanning

/// A Reconciler over `FakeLayers` and a store in a temporary folder, with
/// one session of `owner` running from a minute before `clock` for an hour:
/// a domain, an address and a program to enforce. No root, no network
/// (nothing is resolved: the fakes stand for the table).
struct ReconcileFixture {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    let folder: TemporaryFolder
    let store: SessionStore
    let layers = FakeLayers()
    let reconciler: Reconciler
    /// Ten minutes into the session.
    let clock = ClockReading(wall: start.addingTimeInterval(600), sinceBoot: .seconds(10_000), bootID: "boot-a")

    /// The fixture; `sessions` false leaves the store empty.
    init(sessions: Bool = true) throws {
        folder = try TemporaryFolder()
        store = try SessionStore(path: folder.path + "/refocus.sqlite")
        var policy = Policy()
        policy.enforcement.blockDoHEndpoints = false
        reconciler = Reconciler(store: store, policy: policy, layers: layers.ordered, resolverModule: { true })
        if sessions { try Self.insertSession(into: store) }
    }

    /// Inserts the fixture's session into `store`: uid 1000's, from `start` for an hour, blocking a
    /// domain, an address and a program.
    static func insertSession(into store: SessionStore) throws {
        let list = BlockList(
            name: try BlockListName("social"),
            entries: [try BlockEntry(parsing: "social.example"), try BlockEntry(parsing: "192.0.2.9")],
            programs: [try ProgramName("steam")])
        let session = Session(
            owner: 1000, blockLists: [list], start: start, plannedEnd: start.addingTimeInterval(3600), locked: false)
        _ = try store.write { try $0.insert(session) }
    }

    /// Reconciles at the fixture's clock.
    func reconcile() throws -> Reconciler.Report {
        try reconciler.reconcile(clock: clock, system: [])
    }

    /// Ends every open session in the store (as `stop` does).
    func endSessions() throws {
        _ = try store.write { try $0.settleDue(now: Self.start.addingTimeInterval(7200)) }
    }
}
