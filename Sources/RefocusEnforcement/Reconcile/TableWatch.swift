import RefocusNetfilter

/// Watches the ruleset for changes by others to the firewall's table: the
/// nf_tables event group (`NftMonitor`), with the firewall's own
/// transactions told apart. Register `fileDescriptor` with the event loop;
/// when it is readable, `needsRepair()` says whether the table is no longer
/// as the firewall left it. Needs CAP_NET_ADMIN (root).
public final class TableWatch {
    private let monitor: NftMonitor
    private let firewall: Firewall

    /// A watch for `firewall`'s table; nil where netfilter is unavailable
    /// (then there is no table to watch).
    public init?(firewall: Firewall) throws(NftablesError) {
        guard let nftables = firewall.nftables else { return nil }
        monitor = try NftMonitor(ownPortIDs: [nftables.portID], tableName: nftables.tableName)
        self.firewall = firewall
    }

    /// The descriptor to watch for readability.
    public var fileDescriptor: Int32 { monitor.fileDescriptor }

    /// Reads the pending events; true when someone else touched the table
    /// (or events were lost) and it is not as the firewall last applied it,
    /// which the firewall then forgets, so that the next reconcile repairs
    /// it. A failure to read or check forgets it too, and is thrown.
    public func needsRepair() throws(NftablesError) -> Bool {
        do {
            guard try monitor.drain().needsTableCheck else { return false }
            return try !firewall.verify()
        } catch {
            firewall.forget()
            throw error
        }
    }
}
