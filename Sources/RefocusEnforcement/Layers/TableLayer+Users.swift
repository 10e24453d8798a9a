import RefocusCore
import RefocusPlanning

extension TableLayer {
    /// What the table refuses to each targeted user's sockets alone, per
    /// uid (`DesiredEnforcement.userBlocks`): the addresses the user's lists
    /// write and those their names resolve to (already asked, in the one
    /// call `apply` makes for every name, and kept by `cache`), less the
    /// addresses never blocked (`protected`), exactly as the machine-wide
    /// set is cut. A user left with nothing has no entry (and no sets).
    /// What is blocked machine-wide is refused to the user already, by the
    /// rules before theirs; it is not taken out of their sets, so that a
    /// machine-wide session that ends leaves the user's sets as they are.
    func userBlocked(_ desired: DesiredEnforcement, protected: AddressIntervals) -> [UInt32: AddressIntervals] {
        var blocked: [UInt32: AddressIntervals] = [:]
        for (uid, blocks) in desired.userBlocks {
            let resolved = cache.knownAddresses(of: blocks.namesToResolve)
            let intervals = AddressIntervals(blocks.addresses.union(resolved)).subtracting(protected)
            if !intervals.isEmpty { blocked[uid] = intervals }
        }
        return blocked
    }
}
