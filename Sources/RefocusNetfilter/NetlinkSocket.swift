import CNetfilter
import SystemPackage
import RefocusOS

/// What `Nftables` talks to the kernel through: sends nf_tables batches and
/// requests and returns the kernel's answers, untouched. `KernelNetlinkSocket`
/// is the real one; the tests record what is sent through a fake and script
/// the answers, so that `Nftables`' reading of them is tested without root.
///
/// Answers are the kernel's: an error it sent is a reply or a `.failure`,
/// not a throw. Only the socket's own failures (it cannot send or read)
/// throw, as `NftablesError.socket`, and `.unanswered` when a request's
/// answer never ends. Use from one thread at a time.
protocol NetlinkSocket: AnyObject {
    /// The port id the kernel gave the socket; it names the owner of OWNER tables.
    var portID: UInt32 { get }

    /// The sequence number the next request or batch starts with: a batch
    /// is built numbered from it, a request numbered with it.
    var firstFreeSequence: UInt32 { get }

    /// Sends `batch` (finished) whole and returns the kernel's answers to its
    /// messages: an ACK or an error per message that asked for one, in any
    /// order; messages the kernel left unanswered have none. `operation`
    /// names the batch in errors.
    func exchange(_ batch: NetlinkBatch, operation: String) throws(NftablesError) -> [NetlinkReply]

    /// Sends `request`, numbered `firstFreeSequence`, and returns the data
    /// messages of its answer (each a whole netlink message: for a GET the
    /// objects found, for a dump every message up to its NLMSG_DONE), or the
    /// kernel's error: for a dump, EINTR when the ruleset changed during it.
    func send(_ request: NetlinkRequest, operation: String) throws(NftablesError) -> Result<[[UInt8]], Errno>
}

/// One answer from the kernel to a message of a batch: `errno` is nil for an ACK.
struct NetlinkReply: Equatable {
    /// The sequence number of the message answered.
    let sequence: UInt32
    /// The kernel's error, nil for an ACK.
    let errno: Errno?
}

extension NetlinkSocket {
    /// Sends one request of `type` carrying `object` with NLM_F_ACK and
    /// waits for its ACK; returns the data messages (for a GET, the objects
    /// found) that came before it, or the kernel's error.
    func request(
        _ type: nf_tables_msg_types, object: some NetlinkPayload,
        operation: String
    ) throws(NftablesError) -> Result<[[UInt8]], Errno> {
        let request = try NetlinkRequest(
            type, flags: NLM_F_ACK, object: object, sequence: firstFreeSequence,
            operation: operation)
        return try send(request, operation: operation)
    }

    /// Sends one dump request (NLM_F_DUMP) of `type` carrying `object`, whose
    /// attributes choose what to dump (a table, a set), and returns every
    /// message of the dump, or the kernel's error: ENOENT when the table or
    /// set does not exist, EINTR when the ruleset changed during the dump
    /// (NLM_F_DUMP_INTR; ask again).
    func dump(
        _ type: nf_tables_msg_types, object: some NetlinkPayload,
        operation: String
    ) throws(NftablesError) -> Result<[[UInt8]], Errno> {
        let request = try NetlinkRequest(
            type, flags: NLM_F_DUMP, object: object, sequence: firstFreeSequence,
            operation: operation)
        return try send(request, operation: operation)
    }
}
