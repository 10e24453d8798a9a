import RefocusCore
import RefocusEnforcement

/// A fake of every system layer, in the order `SystemLayers` runs them,
/// with the program blocker last as the daemon adds it: each holds the part
/// of the desired enforcement its real layer takes. The routes are the real
/// `RoutesLayer` over `FakeSinkholeRoutes`, so that the fallback's own
/// logic is what a test exercises.
public struct FakeLayers {
    /// Where every fake records its applies.
    public let journal = FakeJournal()
    /// The hosts section: the names of the section while it is in force.
    public let hosts: FakeLayer
    /// The resolver module's index: the indexed names.
    public let index: FakeLayer
    /// The Chromium-family browsers' policies: the browser rules.
    public let chromium: FakeLayer
    /// Firefox's policies: the browser rules.
    public let firefox: FakeLayer
    /// Table `inet refocus`: the listed addresses and the names resolved for it.
    public let table: FakeLayer
    /// The fallback routes' system.
    public let sinkholeRoutes = FakeSinkholeRoutes()
    /// The real routes layer over `sinkholeRoutes`.
    public let routes: RoutesLayer
    /// The program blocker: the owners' blocked programs.
    public let programs: FakeLayer

    /// Fresh fakes, nothing in force.
    public init() {
        hosts = FakeLayer(.hosts, journal: journal) { $0.hostsActive ? Array($0.desired.hostsNames).sorted() : [] }
        index = FakeLayer(.resolverIndex, journal: journal) { $0.desired.indexedNames.map(\.ascii).sorted() }
        chromium = FakeLayer(.chromium, journal: journal) {
            $0.desired.chromiumPolicy($0.policy.browsers)?.patterns.sorted() ?? []
        }
        firefox = FakeLayer(.firefox, journal: journal) {
            $0.desired.firefoxPolicy($0.policy.browsers)?.patterns.sorted() ?? []
        }
        table = FakeLayer(.table, journal: journal) {
            ($0.desired.addresses.map { "\($0)" } + $0.desired.namesToResolve).sorted()
        }
        routes = RoutesLayer(routing: sinkholeRoutes)
        programs = FakeLayer(.programs, journal: journal) { plan in
            plan.desired.programs.flatMap { owner, names in names.map { "\(owner):\($0)" } }.sorted()
        }
    }

    /// The layers in the order a daemon's reconcile runs them.
    public var ordered: [any EnforcementLayer] { [hosts, index, chromium, firefox, table, routes, programs] }

    /// The fakes (every layer but the real routes).
    public var fakes: [FakeLayer] { [hosts, index, chromium, firefox, table, programs] }
}
