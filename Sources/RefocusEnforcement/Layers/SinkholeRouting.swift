import RefocusCore
import RefocusNetfilter
import RefocusPlanning

/// Puts unreachable routes for the `Sinkhole` addresses in place, or takes
/// them away: what the `RoutesLayer` changes. `SinkholeRoutes` is the
/// system's (rtnetlink); tests give a fake.
public protocol SinkholeRouting: AnyObject {
    /// Adds the routes (one already there is kept).
    func install() throws
    /// Removes ReFocus's routes (none there: nothing to do).
    func remove() throws
}

/// The system's unreachable routes for the sinkhole (`UnreachableRoutes`,
/// its netlink socket opened when first needed). Needs CAP_NET_ADMIN (root).
public final class SinkholeRoutes: SinkholeRouting {
    /// The routing socket, opened by the first change.
    private var routes: UnreachableRoutes?

    /// Routes not opened yet.
    public init() {}

    /// Adds an unreachable route for each sinkhole address.
    public func install() throws {
        try opened().install([Sinkhole.ipv4, Sinkhole.ipv6])
    }

    /// Removes ReFocus's routes for the sinkhole addresses.
    public func remove() throws {
        try opened().remove([Sinkhole.ipv4, Sinkhole.ipv6])
    }

    /// The routing socket, opened now if it is not yet.
    private func opened() throws(RouteError) -> UnreachableRoutes {
        if let routes { return routes }
        let opened = try UnreachableRoutes()
        routes = opened
        return opened
    }
}
