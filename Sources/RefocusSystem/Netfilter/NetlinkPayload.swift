import CNetfilter

/// A libnftnl object that writes its attributes after a netlink message
/// header, so that a batch or a request can carry it without its callers
/// seeing the message's memory.
protocol NetlinkPayload: AnyObject {
    /// Writes the object's attributes after `header`, growing `nlmsg_len`.
    func writePayload(into header: UnsafeMutablePointer<nlmsghdr>)
}

extension NftTable: NetlinkPayload {}
extension NftChain: NetlinkPayload {}
extension NftSet: NetlinkPayload {}
extension NftRule: NetlinkPayload {}

extension NetlinkBatch {
    /// Appends one message of `type` carrying `object`, asking for an ACK.
    func append(_ type: nf_tables_msg_types, flags: Int32, operation: String,
                object: some NetlinkPayload) throws(NftablesError) {
        try append(type, flags: flags, operation: operation) { header in object.writePayload(into: header) }
    }
}
