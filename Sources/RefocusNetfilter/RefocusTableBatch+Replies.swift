import CNetfilter
import RefocusOS

/// The rule that lets the replies of connections others opened pass:
/// `ct direction reply accept`, the first rule of the base chains after the
/// allowlist owners' jumps. Blocks refuse new outbound connections only: a
/// member who blocks a workstation's address must not cut the
/// administrator's SSH session from it, nor anyone's connection to a
/// service here. What this machine sends to a blocked address itself is
/// refused, whether the connection is new or was open before the block:
/// its packets go in the connection's original direction.
///
/// Why one accept of the replies first, rather than a
/// `ct direction original` match in each block rule: it fails closed. A
/// packet conntrack does not track (none entry: `notrack`, or the kernel
/// could not make one) matches no `ct direction`, so it skips the accept
/// and meets the block rules as before, where a `ct` match in each block
/// rule would let it through. It also keeps the block rules as they were
/// (one lookup each), and one rule costs every packet one conntrack read,
/// which the kernel made anyway.
///
/// Conntrack must run: the rule makes the kernel track connections in this
/// network namespace while the table exists. A connection open before
/// tracking began is picked up at its next packet, whoever sends it, and
/// that sender is taken for its opener (`nf_conntrack_tcp_loose`): an
/// inbound connection where this machine speaks first is then cut by a
/// block of its peer, an outbound one where the peer speaks first is not.
/// Where a firewall already tracks connections (most do), every connection
/// is known from its first packet.
extension RefocusTableBatch {
    /// `IP_CT_DIR_REPLY` (linux/netfilter/nf_conntrack_tuple_common.h), as `ct direction` loads it: one byte.
    static let replyDirection: UInt8 = 1

    /// `ct direction reply accept` in `chain`.
    static func replyRule(chain: String, table tableName: String) throws(NftablesError) -> NftRule {
        let rule = try NftRule(table: tableName, chain: chain)
        try rule.loadConntrackDirection()
        try rule.compareEqual([replyDirection])
        try rule.accept()
        return rule
    }
}
