import RefocusCore
import RefocusOS
import RefocusNetfilter

/// The firewall as one reconciler keeps it: the `Nftables` instance whose
/// socket owns table `inet refocus`, what it last applied (so that an
/// unchanged set of addresses costs no batch), and the fallback where no
/// table can be made (a kernel without nf_tables, no netlink socket, the
/// table held by another process): unreachable routes for the `Sinkhole`
/// addresses, so that blocked names still fail at once. The daemon holds one
/// for its whole life (and so owns the table); a helper run holds one for the run.
public final class Firewall {
    /// The table's owner; nil when no netfilter socket could be opened.
    public let nftables: Nftables?
    /// The table's name in family `inet`.
    public let tableName: String
    /// What the last successful `apply` made the table hold; nil before, or after a failure.
    public private(set) var applied: TableContents?
    /// Why no netfilter socket could be opened.
    private let unavailable: NftablesError?
    /// The fallback routes, opened when first needed.
    private var routes: UnreachableRoutes?
    /// Whether ReFocus's routes are in place; nil when not known (at start).
    private var routesInstalled: Bool?

    /// What `apply` achieved.
    public struct Outcome: Sendable {
        /// What blocks addresses now.
        public var layer: FirewallLayer
        /// Whether the table was replaced or deleted, so that its counters start at zero again (an
        /// update of its sets' elements keeps them).
        public var countersReset: Bool
        /// Why the table is not in force, when it should be.
        public var problem: String?
    }

    /// Opens the netlink socket that will own table `inet tableName`; when
    /// netlink is unavailable, every `apply` falls back to routes.
    public init(tableName: String = Policy.standardTableName) {
        self.tableName = tableName
        do {
            nftables = try Nftables(tableName: tableName)
            unavailable = nil
        } catch {
            nftables = nil
            unavailable = error
        }
    }

    /// Makes the table hold `contents` (nothing: no table), unless it
    /// already does. Where the table cannot be made, and `sinkhole` says the hosts
    /// section is in force, unreachable routes for the sinkhole addresses
    /// keep blocked names failing at once; they are removed again as soon as
    /// the table is in force or the section is gone. Never throws: a failure
    /// is the outcome's `problem`.
    @discardableResult
    public func apply(_ contents: TableContents, sinkhole: Bool) -> Outcome {
        var changed = false
        do throws(NftablesError) {
            guard let nftables else { throw unavailable ?? .unanswered(operation: "open the netfilter socket") }
            if contents != applied {
                // Unknown here (a failure, a foreign change): the table is made whole again.
                let change = applied == nil ? try nftables.replace(contents) : try nftables.apply(contents)
                applied = contents
                changed = change == .replaced
            }
        } catch .ownedByAnotherProcess {
            // A live daemon owns the table (this is a helper run beside a daemon that does not answer):
            // its table keeps blocking what it last applied, so no fallback is needed, nor possible.
            forget()
            return Outcome(layer: .table, countersReset: false,
                           problem: "the firewall was not changed: another process (the daemon) owns table inet "
                               + "\(tableName), which keeps what it last applied")
        } catch {
            forget()
            let problem = contents.isEmpty ? nil : "table inet \(tableName) could not be made (\(error))"
            do throws(RouteError) {
                try setRoutes(installed: sinkhole)
                return Outcome(layer: sinkhole ? .routes : .none, countersReset: false, problem: problem)
            } catch {
                let both = [problem, "the fallback routes failed (\(error))"].compactMap { $0 }
                return Outcome(layer: .none, countersReset: false, problem: both.joined(separator: "; "))
            }
        }
        let routesProblem: String?
        do {
            try setRoutes(installed: false)
            routesProblem = nil
        } catch {
            routesProblem = "the fallback routes could not be removed (\(error))"
        }
        return Outcome(layer: contents.isEmpty ? .none : .table, countersReset: changed, problem: routesProblem)
    }

    /// Forgets what was applied, so that the next `apply` sends the table
    /// again: after someone else changed the ruleset or events were lost.
    public func forget() {
        applied = nil
        nftables?.forgetApplied()
    }

    /// Whether the table is as the last `apply` left it: owned by this
    /// instance, or absent when nothing is blocked. When it is not (deleted
    /// or orphaned while no daemon ran, say), `applied` is forgotten so
    /// that the next `apply` repairs it; returns false then.
    public func verify() throws(NftablesError) -> Bool {
        guard let applied, let nftables else { return false }
        let state = try nftables.tableState()
        let intact = applied.isEmpty ? state == .missing : state == .ownedByUs
        if !intact { forget() }
        return intact
    }

    /// Puts the sinkhole routes in place or removes them, unless they are already so.
    private func setRoutes(installed: Bool) throws(RouteError) {
        guard routesInstalled != installed else { return }
        let routes: UnreachableRoutes
        if let opened = self.routes { routes = opened } else { routes = try UnreachableRoutes() }
        self.routes = routes
        let addresses = [Sinkhole.ipv4, Sinkhole.ipv6]
        if installed { try routes.install(addresses) } else { try routes.remove(addresses) }
        routesInstalled = installed
    }
}
