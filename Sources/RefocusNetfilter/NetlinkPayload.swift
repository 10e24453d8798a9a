import CNetfilter
import RefocusOS

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
    func append(
        _ type: nf_tables_msg_types, flags: Int32, operation: String,
        object: some NetlinkPayload
    ) throws(NftablesError) {
        try append(type, flags: flags, operation: operation) { header in object.writePayload(into: header) }
    }
}

/// Calls libnftnl's parser `parse` on the netlink message `message` (a whole
/// message, header first) and returns its status; -1 without calling it
/// when `message` is shorter than a header.
func parseNetlinkMessage(_ message: [UInt8], with parse: (UnsafePointer<nlmsghdr>) -> Int32) -> Int32 {
    message.withUnsafeBytes { raw in
        guard raw.count >= MemoryLayout<nlmsghdr>.size, let base = raw.baseAddress else { return -1 }
        return parse(base.assumingMemoryBound(to: nlmsghdr.self))
    }
}
