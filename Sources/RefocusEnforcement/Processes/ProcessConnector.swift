import CLinux
import CNetfilter
import Glibc
import SystemPackage
import RefocusOS

/// A subscription to the kernel's process connector: exec events for every
/// process of the machine, read from a non-blocking netlink socket that the
/// daemon watches with epoll.
///
/// Opening subscribes (`PROC_CN_MCAST_LISTEN`) and waits for the kernel's
/// acknowledgement; on kernels since 6.6 it then narrows the subscription to
/// exec events (`struct proc_input`), so that fork storms cost nothing. Older
/// kernels ignore that request and send every event; `drain()` keeps only
/// the execs either way. Events from before `init` returns are not reported:
/// scan /proc after opening.
///
/// Needs root (CAP_NET_ADMIN), the initial network namespace and the initial
/// PID and user namespaces; elsewhere it throws `.unavailable`. `close()`
/// (or `deinit`) unsubscribes (`PROC_CN_MCAST_IGNORE`), so an idle daemon
/// holds no subscription. Use from one thread.
public final class ProcessConnector {
    /// The receive buffer asked for (the kernel doubles it): room for thousands of events between two drains.
    public static let defaultReceiveBufferSize = 4 << 20

    private var handle: OpaquePointer?
    /// The socket, non-blocking and close-on-exec: add it to epoll for EPOLLIN, and call `drain()` when it is readable.
    public let fileDescriptor: Int32
    /// Whether the kernel filters events down to execs (kernels since 6.6).
    public let filtersExecOnly: Bool
    private let portID: UInt32
    private var buffer = [UInt8](repeating: 0, count: 16 * 1024)

    /// Opens the socket, sizes its receive buffer (SO_RCVBUFFORCE, else
    /// SO_RCVBUF up to the system's maximum), binds it to the connector's
    /// process group and subscribes; `acknowledgementTimeout` bounds the
    /// wait for the kernel's answer (it comes at once when it comes at all).
    public init(
        receiveBufferSize: Int = defaultReceiveBufferSize,
        acknowledgementTimeout: Duration = .milliseconds(500)
    ) throws(ProcessConnectorError) {
        let flags = Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        let opened: OpaquePointer
        switch syscall(returningPointer: { mnl_socket_open2(NETLINK_CONNECTOR, flags) }) {
        case .success(let socket): opened = socket
        case .failure(.protocolNotSupported): throw .unavailable(.noConnector)
        case .failure(let errno): throw .socket(operation: "open the process connector socket", errno)
        }
        do throws(ProcessConnectorError) {
            (portID, filtersExecOnly) = try Self.subscribe(
                opened, receiveBufferSize: receiveBufferSize,
                timeout: acknowledgementTimeout)
        } catch {
            mnl_socket_close(opened)
            throw error
        }
        handle = opened
        fileDescriptor = mnl_socket_get_fd(opened)
    }

    deinit {
        close()
    }

    /// Reads what is queued, up to `limit` datagrams, without blocking: the
    /// exec events, and whether the kernel dropped any (ENOBUFS: the caller
    /// then scans /proc). Throws only for a closed or broken socket.
    public func drain(limit: Int = 4096) throws(ProcessConnectorError) -> ConnectorBatch {
        var batch = ConnectorBatch()
        guard handle != nil else { throw .socket(operation: "read process events", .badFileDescriptor) }
        let descriptor = fileDescriptor
        for _ in 0..<limit {
            let received = buffer.withUnsafeMutableBytes { raw in
                syscall { recv(descriptor, raw.baseAddress, raw.count, 0) }
            }
            switch received {
            case .success(let count):
                buffer.withUnsafeBytes { raw in
                    for case .exec(let event) in ConnectorMessage.events(
                        in: UnsafeRawBufferPointer(rebasing: raw[..<count]))
                    {
                        batch.execs.append(event)
                    }
                }
            case .failure(.noBufferSpace): batch.overflowed = true
            case .failure(.resourceTemporarilyUnavailable): return batch
            case .failure(let errno): throw .socket(operation: "read process events", errno)
            }
        }
        batch.hasMore = true
        return batch
    }

    /// Unsubscribes and closes the socket; later calls do nothing.
    public func close() {
        guard let handle else { return }
        try? Self.send(ConnectorMessage.subscription(PROC_CN_MCAST_IGNORE, sequence: 0, portID: portID), on: handle)
        mnl_socket_close(handle)
        self.handle = nil
    }

    /// Sizes the receive buffer, binds `socket` to the connector's process
    /// group, subscribes and waits for the answer, then asks for execs only
    /// where the kernel can filter; returns the socket's port id and whether
    /// it filters.
    private static func subscribe(
        _ socket: OpaquePointer, receiveBufferSize: Int,
        timeout: Duration
    ) throws(ProcessConnectorError) -> (UInt32, Bool) {
        try setReceiveBuffer(mnl_socket_get_fd(socket), to: receiveBufferSize)
        switch syscall({ mnl_socket_bind(socket, UInt32(CN_IDX_PROC), pid_t(MNL_SOCKET_AUTOPID)) }) {
        case .success: break
        case .failure(.notPermitted), .failure(.permissionDenied):
            throw .notPermitted(operation: "join the process connector's group")
        case .failure(let errno): throw .socket(operation: "bind the process connector socket", errno)
        }
        let portID = mnl_socket_get_portid(socket)
        let sequence = UInt32(truncatingIfNeeded: getpid()) &* 65_537 &+ UInt32(truncatingIfNeeded: time(nil))
        try send(ConnectorMessage.subscription(PROC_CN_MCAST_LISTEN, sequence: sequence, portID: portID), on: socket)
        try awaitAcknowledgement(of: sequence, on: mnl_socket_get_fd(socket), timeout: timeout)
        let filters = (KernelVersion.running() ?? KernelVersion(major: 0, minor: 0)) >= .connectorEventFilter
        if filters {
            let execOnly = ConnectorMessage.subscription(
                PROC_CN_MCAST_LISTEN, events: UInt32(PROC_EVENT_EXEC.rawValue),
                sequence: sequence &+ 1, portID: portID)
            try send(execOnly, on: socket)
        }
        return (portID, filters)
    }

    /// Sends one request to the kernel; outside the initial network namespace
    /// there is no kernel side to receive it (ECONNREFUSED).
    private static func send(_ message: [UInt8], on socket: OpaquePointer) throws(ProcessConnectorError) {
        let sent = message.withUnsafeBytes { raw in syscall { mnl_socket_sendto(socket, raw.baseAddress, raw.count) } }
        switch sent {
        case .success: return
        case .failure(.connectionRefused): throw .unavailable(.otherNetworkNamespace)
        case .failure(.notPermitted), .failure(.permissionDenied):
            throw .notPermitted(operation: "subscribe to the process connector")
        case .failure(let errno): throw .socket(operation: "write to the process connector", errno)
        }
    }

    /// Reads until the kernel acknowledges request `sequence` (other events
    /// are dropped: a scan follows the opening); no answer within `timeout`
    /// means the kernel ignored the request, as it does outside the initial
    /// PID and user namespaces.
    private static func awaitAcknowledgement(
        of sequence: UInt32, on descriptor: Int32,
        timeout: Duration
    ) throws(ProcessConnectorError) {
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        while clock.now < deadline {
            var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let left = clock.now.duration(to: deadline).components
            let milliseconds = Int32(clamping: left.seconds * 1000 + left.attoseconds / 1_000_000_000_000_000 + 1)
            guard case .success(let count) = syscall({ poll(&ready, 1, milliseconds) }), count > 0 else { continue }
            let received = buffer.withUnsafeMutableBytes { raw in
                syscall { recv(descriptor, raw.baseAddress, raw.count, 0) }
            }
            guard case .success(let length) = received else { continue }
            let events = buffer.withUnsafeBytes { raw in
                ConnectorMessage.events(in: UnsafeRawBufferPointer(rebasing: raw[..<length]))
            }
            // The kernel numbers every message it sends itself (cn_msg.seq), but answers with our ack + 1.
            for case .acknowledgement(_, sequence &+ 1, let error) in events {
                if error == 0 { return }
                throw .refused(Errno(rawValue: Int32(bitPattern: error)))
            }
        }
        throw .unavailable(.otherPIDNamespace)
    }

    /// SO_RCVBUFFORCE (CAP_NET_ADMIN), else SO_RCVBUF, which the kernel caps at net.core.rmem_max.
    private static func setReceiveBuffer(_ descriptor: Int32, to size: Int) throws(ProcessConnectorError) {
        var value = Int32(clamping: size)
        let length = socklen_t(MemoryLayout<Int32>.size)
        if case .success = syscall({ setsockopt(descriptor, SOL_SOCKET, SO_RCVBUFFORCE, &value, length) }) { return }
        if case .failure(let errno) = syscall({ setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &value, length) }) {
            throw .socket(operation: "set the process connector's SO_RCVBUF to \(size) bytes", errno)
        }
    }
}
