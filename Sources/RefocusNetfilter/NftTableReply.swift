import CNetfilter
import RefocusOS

/// What the kernel says about a table in its answer to NFT_MSG_GETTABLE,
/// read with libnftnl (`nftnl_table_nlmsg_parse`): its flags and, when it
/// carries the OWNER flag, the port id of the socket that owns it.
/// Pure parsing: no privilege.
struct NftTableReply: Equatable {
    /// NFTA_TABLE_FLAGS (NFT_TABLE_F_*); 0 when absent.
    let flags: UInt32
    /// NFTA_TABLE_OWNER: the owning socket's port id; the kernel sends it only
    /// while the OWNER flag is set, that is while the owning socket is open.
    let owner: UInt32?

    /// Parses one GETTABLE answer (a whole netlink message). Throws
    /// `.outOfMemory` when libnftnl cannot allocate, `.refused` with EBADMSG
    /// when the message is not a table.
    init(parsing message: [UInt8]) throws(NftablesError) {
        guard let table = nftnl_table_alloc() else { throw .outOfMemory("the answer about table inet refocus") }
        defer { nftnl_table_free(table) }
        let status = parseNetlinkMessage(message) { nftnl_table_nlmsg_parse($0, table) }
        guard status >= 0 else { throw .refused(operation: "read the answer about table inet refocus", .badMessage) }
        let flagsAttribute = UInt16(NFTNL_TABLE_FLAGS.rawValue)
        let ownerAttribute = UInt16(NFTNL_TABLE_OWNER.rawValue)
        flags = nftnl_table_is_set(table, flagsAttribute) ? nftnl_table_get_u32(table, flagsAttribute) : 0
        owner = nftnl_table_is_set(table, ownerAttribute) ? nftnl_table_get_u32(table, ownerAttribute) : nil
    }

    /// Whether the table carries NFT_TABLE_F_OWNER: a live socket owns it.
    var isOwned: Bool { flags & NftTable.ownerFlag != 0 }
}
