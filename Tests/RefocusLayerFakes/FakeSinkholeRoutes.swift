import RefocusEnforcement

/// The sinkhole's unreachable routes in memory, for the real `RoutesLayer`
/// in tests without root: whether they are in place, how often they were
/// changed, and a failure to inject.
public final class FakeSinkholeRoutes: SinkholeRouting {
    /// Whether the routes are in place.
    public private(set) var installed = false
    /// How many installs and removals were made.
    public private(set) var changes = 0
    /// When set, every install and removal throws it.
    public var failure: FakeFailure?

    /// No routes in place.
    public init() {}

    /// Puts the routes in place, unless a failure is set.
    public func install() throws {
        if let failure { throw failure }
        installed = true
        changes += 1
    }

    /// Removes the routes, unless a failure is set.
    public func remove() throws {
        if let failure { throw failure }
        installed = false
        changes += 1
    }
}

/// An error a fake throws, described by its words.
public struct FakeFailure: Error, CustomStringConvertible, Equatable {
    /// What it says.
    public var description: String

    /// A failure saying `description`.
    public init(_ description: String) {
        self.description = description
    }
}
