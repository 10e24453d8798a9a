import RefocusOS
/// What one `NftMonitor.drain()` read: the ruleset transactions committed
/// since the previous drain, split into this process's own and foreign
/// ones, and whether notifications were lost on the way.
///
/// The daemon re-checks its table (`Nftables.tableState()`) when
/// `needsTableCheck` is true, and may log `foreignGenerations`.
public struct NftMonitorBatch: Equatable, Sendable {
    /// Transactions committed through sockets not in the monitor's
    /// `ownPortIDs` (another process, such as `nft`), oldest first.
    public var foreignGenerations: [NftGeneration] = []
    /// How many transactions were committed through the monitor's `ownPortIDs`
    /// (the daemon's own `Nftables`); they need no reaction.
    public var ownGenerationCount = 0
    /// The kernel dropped notifications because the receive buffer was full
    /// (ENOBUFS), or a datagram did not fit the read buffer: changes may
    /// have gone unseen, so the table must be checked.
    public var overflowed = false

    /// An empty batch: nothing read, nothing lost.
    public init() {}

    /// Whether another process committed any change to the ruleset.
    public var hasForeignChange: Bool { !foreignGenerations.isEmpty }

    /// Whether a foreign transaction created or deleted anything in table
    /// `inet refocus` (the table itself, a chain, rule, set or element).
    public var foreignChangeTouchedTable: Bool { foreignGenerations.contains { $0.touchesRefocusTable } }

    /// Whether the table must be checked: a foreign transaction touched it,
    /// or notifications were lost. Foreign changes to other tables alone
    /// (`nft add table inet other`) do not need a check.
    public var needsTableCheck: Bool { overflowed || foreignChangeTouchedTable }

    /// Whether nothing at all was read.
    public var isEmpty: Bool { foreignGenerations.isEmpty && ownGenerationCount == 0 && !overflowed }
}

/// One committed nftables transaction (a ruleset generation), as the
/// NFT_MSG_NEWGEN notification describes it.
public struct NftGeneration: Equatable, Sendable {
    /// The ruleset's generation id after the transaction (NFTA_GEN_ID).
    public let id: UInt32
    /// The netlink port id of the socket that sent the transaction.
    public let portID: UInt32
    /// The committing process's id as the initial PID namespace numbers it
    /// (NFTA_GEN_PROC_PID; not `getpid()` inside a PID namespace); nil when
    /// the kernel did not say.
    public let processID: Int32?
    /// The committing process's name, its comm (NFTA_GEN_PROC_NAME); nil when the kernel did not say.
    public let processName: String?
    /// Whether the transaction created or deleted anything in table `inet refocus`.
    public let touchesRefocusTable: Bool

    /// A generation with these facts (the monitor makes them; tests and fakes too).
    public init(id: UInt32, portID: UInt32, processID: Int32?, processName: String?, touchesRefocusTable: Bool) {
        self.id = id
        self.portID = portID
        self.processID = processID
        self.processName = processName
        self.touchesRefocusTable = touchesRefocusTable
    }
}
