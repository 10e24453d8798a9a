import CNetfilter
import RefocusOS

/// The expressions of the metering rules (`RefocusTableBatch+Meter`):
/// a limit that lets one packet through per step, and a log to a netlink
/// log group, which wakes the group's listener.
extension NftRule {
    /// `limit rate 1/<seconds> second burst 1 packets`: the rule goes on for
    /// the first packet, then for one packet each `seconds` at most (the
    /// kernel's token bucket, full when the rule is made); the others end
    /// the rule here, as a failed match. Burst 1, so that a burst of packets
    /// costs one step, not five (the kernel's default for 0).
    func limit(onePer seconds: UInt32) throws(NftablesError) {
        try appendExpression("limit") { expression in
            nftnl_expr_set_u64(expression, UInt16(NFTNL_EXPR_LIMIT_RATE), 1)
            nftnl_expr_set_u64(expression, UInt16(NFTNL_EXPR_LIMIT_UNIT), UInt64(seconds))
            nftnl_expr_set_u32(expression, UInt16(NFTNL_EXPR_LIMIT_BURST), 1)
            nftnl_expr_set_u32(expression, UInt16(NFTNL_EXPR_LIMIT_TYPE), UInt32(NFT_LIMIT_PKTS.rawValue))
            nftnl_expr_set_u32(expression, UInt16(NFTNL_EXPR_LIMIT_FLAGS), 0)
        }
    }

    /// `log prefix "<prefix>" group <group> queue-threshold 1`: a message
    /// to the netlink log group's listener (nfnetlink_log), sent at once;
    /// the packet goes on through the chain.
    func log(group: UInt16, prefix: String) throws(NftablesError) {
        try appendExpression("log") { expression throws(NftablesError) in
            nftnl_expr_set_u16(expression, UInt16(NFTNL_EXPR_LOG_GROUP), group)
            nftnl_expr_set_u16(expression, UInt16(NFTNL_EXPR_LOG_QTHRESHOLD), 1)
            try libnftnlStatus(
                nftnl_expr_set_str(expression, UInt16(NFTNL_EXPR_LOG_PREFIX), prefix), "a log expression")
        }
    }
}
