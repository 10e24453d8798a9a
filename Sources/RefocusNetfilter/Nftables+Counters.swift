import CNetfilter
import RefocusCore
import SystemPackage
import RefocusOS

extension Nftables {
    /// The packets table `inet refocus` refused per destination address,
    /// from the hits sets (`hits4`, `hits6`): every address a refused packet
    /// was sent or forwarded to since the table was last replaced, with its
    /// packets (at least 1). An address never refused is absent. A TCP
    /// connection attempt refused with a reset is one packet (its SYN; the
    /// reset ends it at once, no retry); any other packet counts once too.
    ///
    /// A hits set records at most 65,536 addresses: once full, packets to
    /// addresses not yet in it are still refused and counted by
    /// `blockedTotal()`, but not here. In a burst of many new addresses the
    /// kernel may also fail to add one (it allocates the element and its
    /// counter atomically, on the packet path); that packet too is refused
    /// and counted in the total only, and a later one adds the address. So
    /// the sum of the values can fall short of the total.
    ///
    /// Every `apply` that sends a batch replaces the table and so starts
    /// with empty hits sets: a caller that keeps totals reads them just
    /// before each apply (packets in between are lost) and adds. Empty when
    /// there is no table.
    ///
    /// One GETSETELEM dump per hits set through this instance's socket,
    /// which may own the table (reading needs no ownership). Needs
    /// CAP_NET_ADMIN: throws `.notPermitted` without it; `.refused` with
    /// EINTR when the table kept changing during three tries.
    public func hitCounters() throws(NftablesError) -> [IPAddress: UInt64] {
        var counters: [IPAddress: UInt64] = [:]
        for set in RefocusSet.allHits {
            let filter = try NftDumpFilter.elements(ofSet: set.name, table: tableName)
            let messages = try dump(NFT_MSG_GETSETELEM, filter, operation: "read the counters of set \(set.name)")
            for message in messages {
                for element in try NftSetElementsReply(parsing: message, set: set.name).elements {
                    guard let packets = element.packets else { continue }
                    counters[element.address, default: 0] &+= packets
                }
            }
        }
        return counters
    }

    /// The packets table `inet refocus` refused in all, from its rules'
    /// counters (each refused packet reaches one): the sum of `hitCounters()`
    /// when read at the same moment, unless a hits set filled up. 0 when
    /// there is no table; starts at zero with every `apply` that sends a
    /// batch. One GETRULE dump; needs CAP_NET_ADMIN.
    public func blockedTotal() throws(NftablesError) -> UInt64 {
        let filter = try NftDumpFilter.rules(ofTable: tableName)
        let messages = try dump(NFT_MSG_GETRULE, filter, operation: "read the counters of \(displayName)")
        var total: UInt64 = 0
        for message in messages {
            total &+= try NftRuleReply(parsing: message).packets
        }
        return total
    }

    /// The packets the table refused per uid, from its rules' counters:
    /// each allowlist owner's (the refusing rules of chain `allow<uid>`) and
    /// each user's blocked for them alone (the rules over their sets
    /// `u<uid>_4`, `u<uid>_4net`, `u<uid>_6`, `u<uid>_6net`). An owner or
    /// user whose rules refused nothing is 0; one without rules is absent.
    /// Starts at zero with every `apply` that sends a batch, like the
    /// others. One GETRULE dump; needs CAP_NET_ADMIN.
    public func refusalsByUid() throws(NftablesError) -> RefusalsByUid {
        let filter = try NftDumpFilter.rules(ofTable: tableName)
        let messages = try dump(NFT_MSG_GETRULE, filter, operation: "read the counters of \(displayName)")
        var refusals = RefusalsByUid()
        for message in messages {
            let rule = try NftRuleReply(parsing: message)
            if let uid = RefocusTableBatch.allowChainOwner(rule.chain) {
                refusals.allowlistOwners[uid, default: 0] &+= rule.packets
            } else if let uid = rule.lookupSet.flatMap(RefocusSet.userSetOwner) {
                refusals.users[uid, default: 0] &+= rule.packets
            }
        }
        return refusals
    }

    /// The messages of a dump of `type` chosen by `filter`; none when the
    /// table or set does not exist (ENOENT). A dump the kernel marks
    /// interrupted (the ruleset changed meanwhile) is asked for again, up to three times.
    private func dump(
        _ type: nf_tables_msg_types, _ filter: NftDumpFilter,
        operation: String
    ) throws(NftablesError) -> [[UInt8]] {
        var tries = 0
        while true {
            tries += 1
            switch try socket.dump(type, object: filter, operation: operation) {
            case .success(let messages): return messages
            case .failure(.noSuchFileOrDirectory): return []
            case .failure(.notPermitted): throw .notPermitted(operation: operation)
            case .failure(.interrupted) where tries < 3: continue
            case .failure(let errno): throw .refused(operation: operation, errno)
            }
        }
    }
}
