import RefocusCore

/// The firewall as one reconciler keeps it: the `Nftables` instance whose
/// socket owns table `inet refocus`, and what it last applied, so that an
/// unchanged set of addresses costs no batch. The daemon holds one for its
/// whole life (and so owns the table); a helper run holds one for the run.
public final class Firewall {
    /// The table's owner.
    public let nftables: Nftables
    /// What the last successful `apply` made the table hold; nil before.
    public private(set) var applied: AddressIntervals?

    /// Opens the netlink socket that will own table `inet tableName`.
    public init(tableName: String = Policy.standardTableName) throws(NftablesError) {
        nftables = try Nftables(tableName: tableName)
    }

    /// Makes the table hold `intervals` (none: no table), unless it already does.
    /// Returns whether a batch was sent.
    @discardableResult
    public func apply(_ intervals: AddressIntervals) throws(NftablesError) -> Bool {
        guard intervals != applied else { return false }
        try nftables.apply(intervals)
        applied = intervals
        return true
    }

    /// Forgets what was applied, so that the next `apply` sends the table
    /// again: after someone else changed the ruleset or events were lost.
    public func forget() {
        applied = nil
    }

    /// Whether the table is as the last `apply` left it: owned by this
    /// instance, or absent when nothing is blocked. When it is not (deleted
    /// or orphaned while no daemon ran, say), `applied` is forgotten so
    /// that the next `apply` repairs it; returns false then.
    public func verify() throws(NftablesError) -> Bool {
        guard let applied else { return false }
        let state = try nftables.tableState()
        let intact = applied.isEmpty ? state == .missing : state == .ownedByUs
        if !intact { forget() }
        return intact
    }
}
