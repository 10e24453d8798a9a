import CNetfilter
import RefocusCore
import SystemPackage
import RefocusOS

/// ReFocus's nftables enforcement point: the table `inet refocus`, which
/// rejects traffic this host sends or forwards to blocked addresses (TCP
/// with a reset, anything else with ICMP admin-prohibited), with counters.
/// Single addresses are held in plain sets (`v4`, `v6`), ranges in interval
/// sets (`v4net`, `v6net`); see `RefocusTableBatch` for the layout. No other
/// table is ever read or changed. The rules record every refused
/// destination in a hits set per family (`hits4`, `hits6`), each address
/// with a counter, so that `hitCounters()` tells which address was refused
/// how many packets, and `blockedTotal()` how many in all
/// (`Nftables+Counters`); each `apply` starts them at zero. The block sets
/// themselves carry no counters, which would slow loading them.
///
/// Every change is one atomic netlink batch through libnftnl and libmnl:
/// it takes effect whole or not at all. Everything needs CAP_NET_ADMIN in
/// the current network namespace (root); without it the calls throw
/// `NftablesError.notPermitted`.
///
/// Ownership: the table is created with the OWNER and PERSIST flags. While
/// this object lives, its netlink socket owns the table: no other process
/// can change or delete it (they get EPERM) and `nft flush ruleset` leaves
/// it alone. When this object is released or the process exits, the kernel
/// keeps the table (PERSIST) but orphans it: it then blocks as before, yet
/// anyone with CAP_NET_ADMIN may change or delete it (`nft flush ruleset`
/// too), until a process owns it again: `apply` replaces the orphan with a
/// table this instance owns. So a short-lived process leaves an orphaned
/// table behind; the long-lived daemon holds one instance to keep the
/// table its own. Use an instance from one thread at a time.
public final class Nftables {
    /// The socket that owns the table (`Nftables+TableState` and
    /// `Nftables+Counters` ask through it too): the kernel's, or a test's fake.
    let socket: any NetlinkSocket
    /// The table's name in family `inet`: `refocus` unless the policy names
    /// another (`nftables_table`).
    public let tableName: String
    /// What this instance last made the table hold, its sets' elements, and
    /// the size of each set; nil before, after a failure, and after `forgetApplied`.
    private var applied: (contents: TableContents, layout: TableLayout, capacities: [String: Int])?

    /// What an `apply` did.
    public enum Change: Equatable, Sendable {
        /// Nothing: the table already held it.
        case none
        /// Elements added and deleted in the sets; the table, its rules and counters kept.
        case updated(added: Int, deleted: Int)
        /// The table made anew (its counters start at zero), or deleted.
        case replaced
    }

    /// Opens the netlink socket that will own table `inet tableName`. Needs
    /// no privilege (the calls do); throws `NftablesError.socket` when
    /// netlink is unavailable.
    public convenience init(tableName: String = Policy.standardTableName) throws(NftablesError) {
        self.init(socket: try KernelNetlinkSocket(), tableName: tableName)
    }

    /// Talks through `socket` instead of a socket of its own: the tests' fake.
    init(socket: any NetlinkSocket, tableName: String = Policy.standardTableName) {
        self.socket = socket
        self.tableName = tableName
    }

    /// What error messages call the table: `table inet refocus`.
    var displayName: String { RefocusTableBatch.displayName(tableName) }

    /// The netlink port id of this instance's socket: the owner the kernel
    /// records for the table it creates (NFTA_TABLE_OWNER).
    public var portID: UInt32 { socket.portID }

    /// The size `apply` makes a set holding `count` elements with (room for updates; 0 for none).
    public static func capacity(forElements count: Int) -> Int { RefocusSet.capacity(forElements: count) }

    /// How many elements `apply` puts in an interval set (`v4net`, `v6net`)
    /// holding `ranges` (one family): each range's start, its end (none for
    /// one reaching the family's last address), and an end at zero before a
    /// first range that does not start there. It is also the set's size
    /// hint. (A plain set, `v4` or `v6`, holds one element per address.)
    public static func intervalSetElementCount(for ranges: [ClosedRange<IPAddress>]) -> Int {
        guard let first = ranges.first else { return 0 }
        let family: AddressFamily = first.lowerBound.isIPv4 ? .ipv4 : .ipv6
        return SetElement.elements(of: ranges, family: family).count
    }

    /// Makes table `inet refocus` hold exactly `contents`: block its
    /// addresses, refuse its endpoints on ports 443 and 853 only
    /// (`DoHEndpoints.ports`), and restrict each allowlist owner to what it
    /// may reach, in one transaction; with nothing to hold, deletes the
    /// table if it exists (no address to block, no table). Idempotent.
    ///
    /// A change costs what changed: when this instance made the table and
    /// its shape stays (the same sets: `TableLayout`), only the elements
    /// that differ are deleted and added, and the table keeps its rules,
    /// their counters and the hits sets; otherwise (a first apply, a new
    /// set, a set outgrowing its size, a state forgotten) the table is
    /// replaced whole (`replace`).
    ///
    /// Throws `.ownedByAnotherProcess` when a live process (the daemon) owns
    /// the table, `.notPermitted` without CAP_NET_ADMIN, `.refused` when the
    /// kernel rejects a message (nothing changes then).
    @discardableResult
    public func apply(_ contents: TableContents) throws(NftablesError) -> Change {
        guard !contents.isEmpty, let previous = applied else { return try replace(contents) }
        guard contents != previous.contents else { return .none }
        let layout = TableLayout(contents)
        let update = try RefocusTableBatch.update(
            from: previous.layout, to: layout, capacities: previous.capacities,
            firstSequence: socket.firstFreeSequence, table: tableName)
        switch update {
        case .replacement:
            return try replace(contents)
        case .nothing:
            applied = (contents, layout, previous.capacities)
            return .none
        case let .batch(batch, added, deleted):
            applied = nil
            try commit(batch, operation: "update the sets of \(displayName)")
            applied = (contents, layout, previous.capacities)
            return .updated(added: added, deleted: deleted)
        }
    }

    /// Makes the table hold exactly `contents` by replacing it whole (its
    /// counters start at zero), or deletes it when `contents` is empty.
    @discardableResult
    public func replace(_ contents: TableContents) throws(NftablesError) -> Change {
        applied = nil
        guard !contents.isEmpty else {
            try deleteTable()
            return .replaced
        }
        let layout = TableLayout(contents)
        let batch = try RefocusTableBatch.replacement(
            for: layout, firstSequence: socket.firstFreeSequence, table: tableName)
        try commit(batch, operation: "replace \(displayName)")
        applied = (contents, layout, layout.capacities)
        return .replaced
    }

    /// Forgets what this instance applied, so that the next `apply` replaces
    /// the table whole: after someone else changed it, or events were lost.
    public func forgetApplied() {
        applied = nil
    }

    /// Whether table `inet refocus` exists, owned or not. Reading the table
    /// needs CAP_NET_ADMIN like any nftables request.
    public func tableExists() throws(NftablesError) -> Bool {
        let operation = "look up \(displayName)"
        let table = try NftTable(name: tableName, flags: nil)
        switch try socket.request(NFT_MSG_GETTABLE, object: table, operation: operation) {
        case .success(let found): return !found.isEmpty
        case .failure(.noSuchFileOrDirectory): return false
        case .failure(.notPermitted): throw .notPermitted(operation: operation)
        case .failure(let errno): throw .refused(operation: operation, errno)
        }
    }

    /// Deletes table `inet refocus` with its chains, sets and rules; does
    /// nothing when it does not exist. Throws `.ownedByAnotherProcess` when
    /// a live process owns it, `.notPermitted` without CAP_NET_ADMIN.
    public func deleteTable() throws(NftablesError) {
        applied = nil
        let batch = try RefocusTableBatch.deletion(firstSequence: socket.firstFreeSequence, table: tableName)
        try commit(batch, operation: "delete \(displayName)", tolerating: .noSuchFileOrDirectory)
    }

    /// Sends `batch` and turns the kernel's first error into an
    /// `NftablesError`; an error `tolerated` when the batch has one message
    /// counts as success (ENOENT when deleting an absent table).
    private func commit(_ batch: NetlinkBatch, operation: String, tolerating tolerated: Errno? = nil)
        throws(NftablesError)
    {
        let replies = try socket.exchange(batch, operation: operation)
        if let failure = replies.first(where: { $0.errno != nil }), let errno = failure.errno {
            if errno == tolerated, batch.acknowledgedSequences?.count == 1 { return }
            throw Self.error(errno, sequence: failure.sequence, in: batch, operation: operation)
        }
        guard let expected = batch.acknowledgedSequences else { return }
        let answered = Set(replies.map(\.sequence))
        if let missing = expected.first(where: { !answered.contains($0) }) {
            throw .unanswered(operation: "\(operation) (\(batch.operation(for: missing) ?? "message \(missing)"))")
        }
    }

    /// The error for `errno` answering message `sequence` of `batch`. EPERM
    /// on the batch itself (its begin message) means no CAP_NET_ADMIN; on a
    /// table message it means another process owns the table.
    private static func error(
        _ errno: Errno, sequence: UInt32, in batch: NetlinkBatch,
        operation: String
    ) -> NftablesError {
        guard let message = batch.operation(for: sequence), sequence != batch.firstSequence else {
            return errno == .notPermitted ? .notPermitted(operation: operation) : .refused(operation: operation, errno)
        }
        if errno == .notPermitted { return .ownedByAnotherProcess(operation: operation) }
        return .refused(operation: "\(operation) (\(message))", errno)
    }
}
