import CNetfilter
import Glibc
import RefocusCore
import RefocusOS
import SystemPackage

/// The listener of the netlink log group the metering rules log to
/// (`MeteredTraffic.logGroup`), for the daemon's event loop: a
/// NETLINK_NETFILTER socket bound to the group's nfnetlink_log instance,
/// which asks for the packets' metadata only (no payload) and for each
/// message at once (queue threshold 1).
///
/// Register `fileDescriptor` for reading and call `drain()` when it is
/// readable: it returns the allowance (owner and list) of each message
/// queued, read from its log prefix; messages of any other prefix, and
/// datagrams that do not come from the kernel, are ignored. Binding needs
/// CAP_NET_ADMIN in the network namespace (root): without it `init`
/// throws `.notPermitted`; a group another process listens to already is
/// `.refused(…, EBUSY)`. Use from one thread at a time.
public final class NflogListener {
    /// The socket's descriptor, to watch for readability. Owned by the
    /// listener: do not close it or read from it.
    public let fileDescriptor: Int32

    private let handle: OpaquePointer
    private var buffer = [UInt8](repeating: 0, count: 16 * 1024)

    /// Opens the socket and binds it to log group `group`.
    public init(group: UInt16 = MeteredTraffic.logGroup) throws(NftablesError) {
        let operation = "listen to netlink log group \(group)"
        switch openBoundNetlinkSocket(NETLINK_NETFILTER) {
        case .success(let opened): handle = opened
        case .failure(let failure): throw .socket(operation: "\(failure.step) a socket to \(operation)", failure.errno)
        }
        fileDescriptor = mnl_socket_get_fd(handle)
        // From here on `deinit` closes the socket when a step throws.
        try configure(group: group, operation: operation)
        let descriptor = fileDescriptor
        let flags = fcntl(descriptor, F_GETFL)
        if case .failure(let errno) = syscall({ fcntl(descriptor, F_SETFL, flags | O_NONBLOCK) }) {
            throw .socket(operation: operation, errno)
        }
    }

    deinit {
        mnl_socket_close(handle)
    }

    /// What the messages queued now say, without blocking: the allowance
    /// of each, in the order they came; `lost` when the kernel dropped
    /// some (the socket's buffer was full).
    public func drain() throws(NftablesError) -> (allowances: [(owner: UInt32, list: BlockListName)], lost: Bool) {
        var found: [(owner: UInt32, list: BlockListName)] = []
        var lost = false
        while true {
            var sender = sockaddr_nl()
            var length = socklen_t(MemoryLayout<sockaddr_nl>.size)
            let descriptor = fileDescriptor
            let received = buffer.withUnsafeMutableBytes { raw in
                withUnsafeMutablePointer(to: &sender) { address in
                    address.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                        syscall { recvfrom(descriptor, raw.baseAddress, raw.count, 0, generic, &length) }
                    }
                }
            }
            switch received {
            case .success(let count):
                // Only the kernel (port 0) speaks for the table.
                guard sender.nl_pid == 0 else { continue }
                buffer.withUnsafeBytes { raw in
                    found += Self.allowances(in: UnsafeRawBufferPointer(rebasing: raw[..<count]))
                }
            case .failure(.resourceTemporarilyUnavailable):
                return (found, lost)
            case .failure(.noBufferSpace):
                lost = true
            case .failure(let errno):
                throw .socket(operation: "read netlink log messages", errno)
            }
        }
    }

    /// The allowances the log messages of `datagram` name, in order; other messages are skipped.
    static func allowances(in datagram: UnsafeRawBufferPointer) -> [(owner: UInt32, list: BlockListName)] {
        guard let start = datagram.baseAddress, datagram.count >= MemoryLayout<nlmsghdr>.size else { return [] }
        var found: [(owner: UInt32, list: BlockListName)] = []
        var remaining = Int32(clamping: datagram.count)
        var header: UnsafePointer<nlmsghdr>? = start.assumingMemoryBound(to: nlmsghdr.self)
        let packet = UInt16(NFNL_SUBSYS_ULOG << 8) | UInt16(NFULNL_MSG_PACKET.rawValue)
        while let current = header, mnl_nlmsg_ok(current, remaining) {
            if current.pointee.nlmsg_type == packet,
                let prefix = NetlinkAttributes(of: current, reading: [UInt16(NFULA_PREFIX.rawValue): .string])
                    .string(UInt16(NFULA_PREFIX.rawValue)),
                let allowance = MeteredTraffic.allowance(inPrefix: prefix)
            {
                found.append(allowance)
            }
            header = UnsafePointer(mnl_nlmsg_next(current, &remaining))
        }
        return found
    }

    /// Binds the socket to `group`'s instance, metadata only, each message
    /// sent at once, and waits for the kernel's answer.
    private func configure(group: UInt16, operation: String) throws(NftablesError) {
        var message = [UInt8](repeating: 0, count: 256)
        let sequence = UInt32(truncatingIfNeeded: time(nil))
        let length = message.withUnsafeMutableBytes { raw -> Int in
            let header = mnl_nlmsg_put_header(raw.baseAddress)!
            header.pointee.nlmsg_type = UInt16(NFNL_SUBSYS_ULOG << 8) | UInt16(NFULNL_MSG_CONFIG.rawValue)
            header.pointee.nlmsg_flags = UInt16(NLM_F_REQUEST | NLM_F_ACK)
            header.pointee.nlmsg_seq = sequence
            let generic = mnl_nlmsg_put_extra_header(header, MemoryLayout<nfgenmsg>.size)!
                .assumingMemoryBound(to: nfgenmsg.self)
            generic.pointee.nfgen_family = UInt8(AF_UNSPEC)
            generic.pointee.version = UInt8(NFNETLINK_V0)
            generic.pointee.res_id = group.bigEndian
            var command = nfulnl_msg_config_cmd(command: UInt8(NFULNL_CFG_CMD_BIND.rawValue))
            mnl_attr_put(header, UInt16(NFULA_CFG_CMD.rawValue), MemoryLayout<nfulnl_msg_config_cmd>.size, &command)
            var mode = nfulnl_msg_config_mode(copy_range: 0, copy_mode: UInt8(NFULNL_COPY_META), _pad: 0)
            mnl_attr_put(header, UInt16(NFULA_CFG_MODE.rawValue), MemoryLayout<nfulnl_msg_config_mode>.size, &mode)
            mnl_attr_put_u32(header, UInt16(NFULA_CFG_QTHRESH.rawValue), UInt32(1).bigEndian)
            return Int(header.pointee.nlmsg_len)
        }
        let handle = handle
        let sent = message.withUnsafeBytes { raw in syscall { mnl_socket_sendto(handle, raw.baseAddress, length) } }
        if case .failure(let errno) = sent { throw .socket(operation: operation, errno) }
        // The answer: an acknowledgement, or the error (EBUSY: another listener has the group).
        var answer = [UInt8](repeating: 0, count: 4096)
        let received = answer.withUnsafeMutableBytes { raw in
            syscall { mnl_socket_recvfrom(handle, raw.baseAddress, raw.count) }
        }
        switch received {
        case .failure(let errno): throw .socket(operation: operation, errno)
        case .success(let count):
            let status = answer.withUnsafeMutableBytes { raw in
                mnl_cb_run(raw.baseAddress, count, sequence, mnl_socket_get_portid(handle), nil, nil)
            }
            guard status < 0 else { return }
            let errno = Errno(rawValue: Glibc.errno)
            if errno == .notPermitted || errno == .permissionDenied { throw .notPermitted(operation: operation) }
            throw .refused(operation: operation, errno)
        }
    }
}
