import CNetfilter
import RefocusOS

/// One nf_tables request outside a batch (a GET or a dump), as the bytes
/// of its netlink message: header, `nfgenmsg` for family `inet`, and the
/// attributes of the object it carries. Pure message building: no privilege.
struct NetlinkRequest {
    /// The message's sequence number, which its answer carries.
    let sequence: UInt32
    /// The whole message, header first.
    let bytes: [UInt8]

    /// The message of `type` with `flags` (NLM_F_REQUEST is added) numbered
    /// `sequence`, carrying `object`'s attributes. Throws `.outOfMemory`
    /// naming `operation` when the header cannot be built.
    init(
        _ type: nf_tables_msg_types, flags: Int32, object: some NetlinkPayload, sequence: UInt32,
        operation: String
    ) throws(NftablesError) {
        var message = [UInt8](repeating: 0, count: 4096)
        let length = message.withUnsafeMutableBytes { raw -> Int in
            guard
                let header = nftnl_nlmsg_build_hdr(
                    raw.baseAddress?.assumingMemoryBound(to: CChar.self),
                    UInt16(type.rawValue), UInt16(NFPROTO_INET),
                    UInt16(flags), sequence)
            else { return 0 }
            object.writePayload(into: header)
            return Int(header.pointee.nlmsg_len)
        }
        guard length > 0 else { throw .outOfMemory(operation) }
        self.sequence = sequence
        bytes = Array(message.prefix(length))
    }
}
