import CNetfilter
import RefocusCore
import SystemPackage

extension Nftables {
    /// The packets table `inet refocus` refused per blocked interval, from
    /// each set element's own counter: every interval `apply` was given
    /// (`AddressIntervals.ipv4` and `.ipv6`; a single address is `a...a`)
    /// with the packets sent or forwarded to it since the table was last
    /// replaced, zeros included. A TCP connection attempt refused with a
    /// reset is one packet (its SYN; the reset ends it at once, no retry);
    /// any other packet counts once too.
    ///
    /// Every `apply` that sends a batch replaces the table and so starts all
    /// counters at zero: a caller that keeps totals reads them just before
    /// each apply (packets in between are lost) and adds. Empty when there is
    /// no table. Elements without a counter (a table an older ReFocus made)
    /// are left out.
    ///
    /// One GETSETELEM dump per set through this instance's socket, which
    /// may own the table (reading needs no ownership). Needs CAP_NET_ADMIN:
    /// throws `.notPermitted` without it; `.refused` with EINTR when the
    /// table kept changing during three tries.
    public func elementCounters() throws(NftablesError) -> [ClosedRange<IPAddress>: UInt64] {
        var counters: [ClosedRange<IPAddress>: UInt64] = [:]
        for set in RefocusSet.all {
            let filter = try NftDumpFilter.elements(ofSet: set.name, table: RefocusTableBatch.tableName)
            let messages = try dump(NFT_MSG_GETSETELEM, filter, operation: "read the counters of set \(set.name)")
            var elements: [SetElementCount] = []
            for message in messages {
                elements += try NftSetElementsReply(parsing: message, set: set.name).elements
            }
            counters.merge(SetElementCount.packetsByInterval(elements, in: set)) { $0 + $1 }
        }
        return counters
    }

    /// The packets table `inet refocus` refused in all, from its rules'
    /// counters (one per rule): the sum of `elementCounters()` when read at
    /// the same moment. 0 when there is no table; starts at zero with every
    /// `apply` that sends a batch. One GETRULE dump; needs CAP_NET_ADMIN.
    public func blockedTotal() throws(NftablesError) -> UInt64 {
        let filter = try NftDumpFilter.rules(ofTable: RefocusTableBatch.tableName)
        let messages = try dump(NFT_MSG_GETRULE, filter, operation: "read the counters of \(RefocusTableBatch.displayName)")
        var total: UInt64 = 0
        for message in messages {
            total &+= try NftRuleReply(parsing: message).packets
        }
        return total
    }

    /// The messages of a dump of `type` chosen by `filter`; none when the
    /// table or set does not exist (ENOENT). A dump the kernel marks
    /// interrupted (the ruleset changed meanwhile) is asked for again, up to three times.
    private func dump(_ type: nf_tables_msg_types, _ filter: NftDumpFilter,
                      operation: String) throws(NftablesError) -> [[UInt8]] {
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
