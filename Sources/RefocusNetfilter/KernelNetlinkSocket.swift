import CNetfilter
import CLinux
import Glibc
import SystemPackage
import RefocusOS

/// The real `NetlinkSocket`: a NETLINK_NETFILTER socket (libmnl), bound to
/// an automatic port id, that sends nf_tables batches and requests to the
/// kernel and reads its answers.
///
/// The port id matters: a table created with the OWNER flag belongs to this
/// socket, and the kernel orphans or deletes it when the socket closes (in
/// `deinit`). The descriptor is close-on-exec, so that a program the daemon
/// starts cannot keep the table owned after the daemon is gone. Sending
/// needs CAP_NET_ADMIN; opening does not. Use from one thread at a time.
final class KernelNetlinkSocket: NetlinkSocket {
    private let handle: OpaquePointer
    /// The port id the kernel gave this socket; it names the owner of OWNER tables.
    let portID: UInt32
    private var nextSequence: UInt32
    private var receiveBufferSize = 0
    private var sendBufferSize = 0

    /// Opens and binds the socket, and asks the kernel to cap error answers
    /// at the failing message's header (NETLINK_CAP_ACK) so that a refused
    /// 64 KiB element message does not come back whole.
    init() throws(NftablesError) {
        switch openBoundNetlinkSocket(NETLINK_NETFILTER) {
        case .success(let opened): handle = opened
        case .failure(let failure): throw .socket(operation: "\(failure.step) netlink socket", failure.errno)
        }
        let handle = handle
        portID = mnl_socket_get_portid(handle)
        // Any start works; a clock-based one keeps answers to an earlier socket apart when debugging.
        nextSequence = UInt32(truncatingIfNeeded: time(nil))
        var one: Int32 = 1
        if case .failure(let errno) = syscall({
            mnl_socket_setsockopt(handle, NETLINK_CAP_ACK, &one, socklen_t(MemoryLayout<Int32>.size))
        }) {
            // Every property is set: `deinit` closes the socket.
            throw .socket(operation: "set NETLINK_CAP_ACK", errno)
        }
    }

    deinit {
        mnl_socket_close(handle)
    }

    /// The sequence number the next message or batch starts with.
    var firstFreeSequence: UInt32 { nextSequence }

    /// Sends `batch` (finished) in one datagram, after growing the send
    /// buffer to hold it whole and the receive buffer to hold an answer to
    /// each message, and returns the kernel's answers.
    ///
    /// The kernel handles a batch inside `send`, so its ACKs and errors are
    /// all queued when `send` returns; each arrives in its own datagram.
    func exchange(_ batch: NetlinkBatch, operation: String) throws(NftablesError) -> [NetlinkReply] {
        nextSequence = batch.firstSequence &+ UInt32(batch.messageCount)
        try reserveBuffers(sending: batch.byteCount + 4096, receiving: 64 * 1024 + batch.messageCount * 1024)
        if let errno = try batch.withBytes({ bytes in send(bytes) }) { throw .socket(operation: operation, errno) }
        var replies: [NetlinkReply] = []
        while let reply = try receiveReply(waiting: false, operation: operation) {
            // Answers to earlier messages (none, unless an earlier exchange was cut short) are not this batch's.
            if batch.operation(for: reply.sequence) != nil { replies.append(reply) }
        }
        return replies
    }

    /// Sends `request` (numbered `firstFreeSequence`) and waits for the ACK,
    /// error or NLMSG_DONE that ends its answer; returns the data messages
    /// that came before it (for a GET, the objects found; for a dump, every
    /// message of the dump, over as many datagrams as it needs), or the
    /// kernel's error.
    func send(_ request: NetlinkRequest, operation: String) throws(NftablesError) -> Result<[[UInt8]], Errno> {
        nextSequence = request.sequence &+ 1
        if let errno = request.bytes.withUnsafeBytes({ raw in send(raw) }) {
            throw .socket(operation: operation, errno)
        }
        return try awaitAnswer(to: request.sequence, operation: operation)
    }

    /// Makes the send buffer hold `sending` bytes and the receive buffer
    /// `receiving`, with SO_SNDBUFFORCE/SO_RCVBUFFORCE (CAP_NET_ADMIN), or,
    /// without the capability, SO_SNDBUF/SO_RCVBUF up to the system maximum.
    /// A netlink batch must fit in the send buffer whole, or `send` fails
    /// with EMSGSIZE. Never shrinks a buffer.
    private func reserveBuffers(sending: Int, receiving: Int) throws(NftablesError) {
        if sending > sendBufferSize {
            try setBuffer(SO_SNDBUFFORCE, fallback: SO_SNDBUF, to: sending, name: "SO_SNDBUF")
            sendBufferSize = sending
        }
        if receiving > receiveBufferSize {
            try setBuffer(SO_RCVBUFFORCE, fallback: SO_RCVBUF, to: receiving, name: "SO_RCVBUF")
            receiveBufferSize = receiving
        }
    }

    private func setBuffer(_ forced: Int32, fallback: Int32, to size: Int, name: String) throws(NftablesError) {
        let descriptor = mnl_socket_get_fd(handle)
        var value = Int32(clamping: size)
        let length = socklen_t(MemoryLayout<Int32>.size)
        if case .success = syscall({ setsockopt(descriptor, SOL_SOCKET, forced, &value, length) }) { return }
        if case .failure(let errno) = syscall({ setsockopt(descriptor, SOL_SOCKET, fallback, &value, length) }) {
            throw .socket(operation: "set \(name) to \(size) bytes", errno)
        }
    }

    /// Sends `message` (one netlink message or a whole batch) in one
    /// datagram; returns the system's error, if any.
    private func send(_ message: UnsafeRawBufferPointer) -> Errno? {
        if case .failure(let errno) = syscall({ mnl_socket_sendto(handle, message.baseAddress, message.count) }) {
            return errno
        }
        return nil
    }

    /// Waits for the answer to the request numbered `sequence`, which asked
    /// for an ACK or a dump, and returns the data messages (for a GET, the
    /// objects) that came before the ACK or NLMSG_DONE, or the kernel's error.
    private func awaitAnswer(to sequence: UInt32, operation: String) throws(NftablesError) -> Result<[[UInt8]], Errno> {
        var dataMessages = NetlinkDataMessages(sequence: sequence)
        while let reply = try receiveReply(waiting: true, operation: operation, dataMessages: &dataMessages) {
            guard reply.sequence == sequence else { continue }
            if let errno = reply.errno ?? dataMessages.failure { return .failure(errno) }
            return .success(dataMessages.messages)
        }
        throw .unanswered(operation: operation)
    }

    private func receiveReply(waiting: Bool, operation: String) throws(NftablesError) -> NetlinkReply? {
        var ignored = NetlinkDataMessages(sequence: nil)
        return try receiveReply(waiting: waiting, operation: operation, dataMessages: &ignored)
    }

    /// Receives datagrams and runs each through `mnl_cb_run` until one holds
    /// an ACK, an error or the end of a dump: data messages before it that
    /// answer `dataMessages.sequence` are copied into it. `nil` when nothing
    /// more is queued (only when not waiting).
    private func receiveReply(
        waiting: Bool, operation: String,
        dataMessages: inout NetlinkDataMessages
    ) throws(NftablesError) -> NetlinkReply? {
        // The kernel sizes a dump's datagrams to the largest read so far, up to
        // about 32 KiB: the fewer datagrams, the fewer times it walks a set
        // from its start to the elements not yet dumped.
        var buffer = [UInt8](repeating: 0, count: 32 * 1024)
        let descriptor = mnl_socket_get_fd(handle)
        let flags = Int32(MSG_TRUNC) | (waiting ? 0 : Int32(MSG_DONTWAIT))
        while true {
            let received = buffer.withUnsafeMutableBytes { raw in
                syscall { recv(descriptor, raw.baseAddress, raw.count, flags) }
            }
            let length: Int
            switch received {
            case .success(let count): length = count
            case .failure(.resourceTemporarilyUnavailable) where !waiting: return nil
            case .failure(let errno): throw .socket(operation: "read the answer to \(operation)", errno)
            }
            guard length <= buffer.count, length >= MemoryLayout<nlmsghdr>.size else {
                throw .socket(operation: "read the answer to \(operation)", .messageTooLong)
            }
            let reply = buffer.withUnsafeMutableBytes { raw in
                dataMessages.noteDumpFailures(in: raw, length: length)
                return runCallbacks(UnsafeRawBufferPointer(raw), length: length, dataMessages: &dataMessages)
            }
            if let reply { return reply }
        }
    }

    /// Runs one datagram through `mnl_cb_run`: an ACK or the end of a dump
    /// (`MNL_CB_STOP`) or an error (-1, errno from the message; EINTR for a
    /// dump the kernel marked interrupted) is a reply for the sequence number
    /// in its header; data messages only are collected and give `nil`.
    private func runCallbacks(_ datagram: UnsafeRawBufferPointer, length: Int, dataMessages: inout NetlinkDataMessages)
        -> NetlinkReply?
    {
        let sequence = datagram.loadUnaligned(fromByteOffset: 0, as: nlmsghdr.self).nlmsg_seq
        let outcome = withUnsafeMutablePointer(to: &dataMessages) { collected in
            syscall { mnl_cb_run(datagram.baseAddress, length, 0, portID, collectNetlinkDataMessage, collected) }
        }
        switch outcome {
        case .success(let status) where status == MNL_CB_STOP: return NetlinkReply(sequence: sequence, errno: nil)
        case .success: return nil
        case .failure(let errno): return NetlinkReply(sequence: sequence, errno: errno)
        }
    }
}
