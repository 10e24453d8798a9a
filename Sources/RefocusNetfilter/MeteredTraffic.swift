import RefocusCore

/// The traffic of one open daily allowance's sites: what its owner's
/// sockets send to the addresses of its list (those written in it and those
/// its names resolve to) is metered, never refused. The table logs at most
/// one packet of it per step (`TableContents.meterStep`) to the netlink log
/// group `logGroup`, with `logPrefix` naming owner and list, and the
/// daemon's `NflogListener` counts a step of use per message: a step in
/// which none of the owner's traffic reached the list costs nothing, and
/// wakes no one.
public struct MeteredTraffic: Sendable, Equatable {
    /// The owner's uid: only their sockets' packets are metered (`meta skuid`).
    public var owner: UInt32
    /// The list's name, carried in the log prefix.
    public var list: BlockListName
    /// The list's addresses.
    public var addresses: AddressIntervals

    /// The traffic of `owner` to `addresses`, metered for `list`.
    public init(owner: UInt32, list: BlockListName, addresses: AddressIntervals) {
        self.owner = owner
        self.list = list
        self.addresses = addresses
    }

    /// The netlink log group (nflog) the metering rules log to, in the
    /// table's network namespace: one listener per namespace may bind it.
    public static let logGroup: UInt16 = 0x5246

    /// `refocus-meter <uid> <list>`: the log prefix of this traffic's rules
    /// (a list name is at most 64 bytes, within the kernel's 127).
    public var logPrefix: String { "\(Self.prefixStart)\(owner) \(list.rawValue)" }

    /// The owner and list a log prefix names; nil for any text that is not
    /// exactly a `logPrefix` (the listener ignores what it cannot read).
    public static func allowance(inPrefix prefix: String) -> (owner: UInt32, list: BlockListName)? {
        guard prefix.hasPrefix(prefixStart) else { return nil }
        let rest = prefix.dropFirst(prefixStart.count).split(separator: " ", omittingEmptySubsequences: false)
        guard rest.count == 2, let owner = UInt32(rest[0]), String(owner) == rest[0],
            let list = try? BlockListName(rest[1])
        else { return nil }
        return (owner, list)
    }

    private static let prefixStart = "refocus-meter "
}
