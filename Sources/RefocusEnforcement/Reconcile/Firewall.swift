import RefocusCore
import RefocusOS
import RefocusNetfilter

/// The firewall as one reconciler keeps it: the `Nftables` instance whose
/// socket owns table `inet refocus`, and what it last applied (so that an
/// unchanged set of addresses costs no batch). Where no table can be made
/// (a kernel without nf_tables, no netlink socket, the table held by
/// another process), `apply` says why; the `RoutesLayer` then stands in
/// with unreachable routes for the `Sinkhole` addresses, so that blocked
/// names still fail at once. The daemon holds one for its whole life (and
/// so owns the table); a helper run holds one for the run.
public final class Firewall {
    /// The table's owner; nil when no netfilter socket could be opened.
    public let nftables: Nftables?
    /// The table's name in family `inet`.
    public let tableName: String
    /// What the last successful `apply` made the table hold; nil before, or after a failure.
    public private(set) var applied: TableContents?
    /// Why no netfilter socket could be opened.
    private let unavailable: NftablesError?

    /// What `apply` achieved.
    public enum Outcome: Sendable {
        /// The table holds the contents (none: there is no table). `sent`: a batch changed it;
        /// `replaced`: it was replaced or deleted, so that its counters start at zero again (an
        /// update of its sets' elements keeps them).
        case applied(sent: Bool, replaced: Bool)
        /// A live daemon owns the table (this is a helper run beside a daemon that does not
        /// answer): its table keeps blocking what it last applied.
        case ownedByAnother
        /// The table could not be made, for this reason.
        case failed(NftablesError)
    }

    /// Opens the netlink socket that will own table `inet tableName`; when
    /// netlink is unavailable, every `apply` fails.
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
    /// already does. Never throws: a failure is the outcome, and what was
    /// applied is forgotten, so that the next `apply` sends the table whole.
    @discardableResult
    public func apply(_ contents: TableContents) -> Outcome {
        do throws(NftablesError) {
            guard let nftables else { throw unavailable ?? .unanswered(operation: "open the netfilter socket") }
            guard contents != applied else { return .applied(sent: false, replaced: false) }
            // Unknown here (a failure, a foreign change): the table is made whole again.
            let change = applied == nil ? try nftables.replace(contents) : try nftables.apply(contents)
            applied = contents
            return .applied(sent: change != .none, replaced: change == .replaced)
        } catch .ownedByAnotherProcess {
            forget()
            return .ownedByAnother
        } catch {
            forget()
            return .failed(error)
        }
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
}
