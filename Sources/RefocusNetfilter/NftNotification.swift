import CNetfilter
import RefocusOS

/// One message from the nf_tables event group (NFNLGRP_NFTABLES), reduced to
/// what `NftMonitor` needs: the end of a transaction, or a change to an
/// object of some table. Parsed with libmnl (`NetlinkAttributes`); pure.
///
/// The kernel sends, for each committed transaction, one message per
/// object it created or deleted (NEWTABLE, DELSET, NEWSETELEM, ...), then
/// one NFT_MSG_NEWGEN with the new generation id and the committing process.
/// Every message's header carries the netlink port id of the socket that
/// sent the transaction.
enum NftNotification: Equatable {
    /// NFT_MSG_NEWGEN: a transaction was committed.
    case generation(id: UInt32, portID: UInt32, processID: Int32?, processName: String?)
    /// A table, chain, rule, set, element, object or flowtable of table
    /// `table` in `family` (NFPROTO_*) was created or deleted by the
    /// transaction sent through port `portID`.
    case object(family: UInt8, table: String?, portID: UInt32)
    /// Anything else: another subsystem's message, a trace, an unknown type.
    case other

    /// Parses the message at `header`.
    init(parsing header: UnsafePointer<nlmsghdr>) {
        let type = header.pointee.nlmsg_type
        guard type >> 8 == UInt16(NFNL_SUBSYS_NFTABLES) else {
            self = .other
            return
        }
        let message = UInt32(type & 0xFF)
        if message == NFT_MSG_NEWGEN.rawValue {
            let attributes = NetlinkAttributes(
                of: header,
                reading: [
                    UInt16(NFTA_GEN_ID.rawValue): .u32,
                    UInt16(NFTA_GEN_PROC_PID.rawValue): .u32,
                    UInt16(NFTA_GEN_PROC_NAME.rawValue): .string,
                ])
            guard let id = attributes.u32(UInt16(NFTA_GEN_ID.rawValue)) else {
                self = .other
                return
            }
            self = .generation(
                id: id, portID: header.pointee.nlmsg_pid,
                processID: attributes.u32(UInt16(NFTA_GEN_PROC_PID.rawValue)).map { Int32(bitPattern: $0) },
                processName: attributes.string(UInt16(NFTA_GEN_PROC_NAME.rawValue)))
            return
        }
        guard let tableAttribute = Self.tableAttribute[message],
            Int(header.pointee.nlmsg_len) >= MemoryLayout<nlmsghdr>.size + MemoryLayout<nfgenmsg>.size,
            let payload = mnl_nlmsg_get_payload(header)
        else {
            self = .other
            return
        }
        let family = payload.load(as: nfgenmsg.self).nfgen_family
        let attributes = NetlinkAttributes(of: header, reading: [tableAttribute: .string])
        self = .object(family: family, table: attributes.string(tableAttribute), portID: header.pointee.nlmsg_pid)
    }

    /// For each object message, the attribute that names the object's table.
    private static let tableAttribute: [UInt32: UInt16] = {
        var attributes: [UInt32: UInt16] = [:]
        let pairs: [(nf_tables_msg_types, nf_tables_msg_types, UInt32)] = [
            (NFT_MSG_NEWTABLE, NFT_MSG_DELTABLE, NFTA_TABLE_NAME.rawValue),
            (NFT_MSG_NEWCHAIN, NFT_MSG_DELCHAIN, NFTA_CHAIN_TABLE.rawValue),
            (NFT_MSG_NEWRULE, NFT_MSG_DELRULE, NFTA_RULE_TABLE.rawValue),
            (NFT_MSG_NEWSET, NFT_MSG_DELSET, NFTA_SET_TABLE.rawValue),
            (NFT_MSG_NEWSETELEM, NFT_MSG_DELSETELEM, NFTA_SET_ELEM_LIST_TABLE.rawValue),
            (NFT_MSG_NEWOBJ, NFT_MSG_DELOBJ, NFTA_OBJ_TABLE.rawValue),
            (NFT_MSG_NEWFLOWTABLE, NFT_MSG_DELFLOWTABLE, NFTA_FLOWTABLE_TABLE.rawValue),
        ]
        for (created, deleted, table) in pairs {
            attributes[created.rawValue] = UInt16(table)
            attributes[deleted.rawValue] = UInt16(table)
        }
        return attributes
    }()
}
