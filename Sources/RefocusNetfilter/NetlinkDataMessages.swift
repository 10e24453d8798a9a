import CNetfilter
import SystemPackage
import RefocusOS

/// What `KernelNetlinkSocket` collects of one answer: the data messages numbered
/// `sequence`, each a whole netlink message. Others (the rest of an earlier
/// dump that ended in an error) are dropped, and so is everything when
/// `sequence` is nil. Pure: works on bytes already received.
struct NetlinkDataMessages {
    /// The sequence number of the request being answered.
    let sequence: UInt32?
    /// The data messages collected so far.
    var messages: [[UInt8]] = []
    /// Why the dump numbered `sequence` is incomplete, though it ran to its
    /// NLMSG_DONE: EINTR when the kernel marked a message NLM_F_DUMP_INTR
    /// (the ruleset changed meanwhile), or the error NLMSG_DONE carries.
    private(set) var failure: Errno?

    /// Notes what makes the dump fail in the `length` bytes of `datagram`,
    /// and clears NLM_F_DUMP_INTR there: `mnl_cb_run` would stop at the
    /// first marked message with EINTR, leaving the rest of the dump queued
    /// (and the socket unable to start another); unmarked, the dump is read
    /// to its end and then reported as interrupted.
    mutating func noteDumpFailures(in datagram: UnsafeMutableRawBufferPointer, length: Int) {
        guard let sequence, let base = datagram.baseAddress else { return }
        var header = base.assumingMemoryBound(to: nlmsghdr.self)
        var remaining = Int32(length)
        while mnl_nlmsg_ok(header, remaining) {
            if header.pointee.nlmsg_seq == sequence {
                if header.pointee.nlmsg_flags & UInt16(NLM_F_DUMP_INTR) != 0 {
                    header.pointee.nlmsg_flags &= ~UInt16(NLM_F_DUMP_INTR)
                    failure = failure ?? .interrupted
                }
                if header.pointee.nlmsg_type == UInt16(NLMSG_DONE),
                    header.pointee.nlmsg_len >= UInt32(MemoryLayout<nlmsghdr>.size + MemoryLayout<Int32>.size)
                {
                    let status = UnsafeRawPointer(header).loadUnaligned(
                        fromByteOffset: MemoryLayout<nlmsghdr>.size, as: Int32.self)
                    if status < 0 { failure = failure ?? Errno(rawValue: -status) }
                }
            }
            guard let next = mnl_nlmsg_next(header, &remaining) else { return }
            header = next
        }
    }
}

/// `mnl_cb_run`'s data callback: appends a copy of the whole message to the
/// `NetlinkDataMessages` that `data` points to, when it answers its sequence number.
func collectNetlinkDataMessage(_ header: UnsafePointer<nlmsghdr>?, _ data: UnsafeMutableRawPointer?) -> Int32 {
    guard let header, let data else { return MNL_CB_OK }
    let collected = data.assumingMemoryBound(to: NetlinkDataMessages.self)
    guard header.pointee.nlmsg_seq == collected.pointee.sequence else { return MNL_CB_OK }
    let message = UnsafeRawBufferPointer(start: header, count: Int(header.pointee.nlmsg_len))
    collected.pointee.messages.append(Array(message))
    return MNL_CB_OK
}
