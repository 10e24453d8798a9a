import CNetfilter
import CLinux
import RefocusCore
import Glibc
import SystemPackage
import RefocusOS

/// Watches the nftables ruleset of the current network namespace for
/// changes: a NETLINK_NETFILTER socket subscribed to the nf_tables event
/// group (NFNLGRP_NFTABLES), for the daemon's event loop.
///
/// Register `fileDescriptor` for reading (epoll, level- or edge-triggered)
/// and call `drain()` whenever it is readable: it reads every pending
/// notification without blocking and says which transactions other
/// processes committed, whether one touched table `inet refocus`, and
/// whether notifications were lost (`NftMonitorBatch`). Transactions sent
/// through a socket in `ownPortIDs` (the daemon's own `Nftables.portID`)
/// are its own and only counted.
///
/// Own transactions are told apart by the sending socket's port id, not by
/// NFTA_GEN_PROC_PID: the kernel reports that pid as the initial PID
/// namespace numbers it, which is not `getpid()` in a container. A second
/// `Nftables` of this process whose port id is not registered counts as
/// foreign, which costs one needless table check.
///
/// Subscribing needs CAP_NET_ADMIN in the network namespace (root):
/// without it `init` throws `.notPermitted`. The socket is non-blocking and
/// close-on-exec; its receive buffer is enlarged with SO_RCVBUFFORCE (or
/// SO_RCVBUF up to the system's limit). While anyone listens, the kernel
/// sends one notification per set element a transaction adds or deletes:
/// a large `apply` then costs several times more (the kernel builds and
/// queues a message per element) and may overflow a small buffer, which
/// `drain()` reports as `overflowed`. Use from one thread at a time.
public final class NftMonitor {
    /// The receive buffer asked for by default: 8 MiB, which held the
    /// notifications of a 100,000-address `apply` without overflowing.
    public static let defaultReceiveBufferSize = 8 << 20

    /// The socket's descriptor, to watch for readability. Owned by the
    /// monitor: do not close it or read from it.
    public let fileDescriptor: Int32
    /// Port ids of this process's netlink sockets (`Nftables.portID`) whose
    /// transactions are its own. Changing it affects later drains.
    public var ownPortIDs: Set<UInt32>

    private let handle: OpaquePointer
    private var reader: NftEventReader
    /// One datagram at a time; the kernel packs notifications into datagrams of at most a few pages.
    private var buffer = [UInt8](repeating: 0, count: 64 * 1024)

    /// Opens the socket, subscribes it to the nf_tables event group and asks
    /// for a receive buffer of `receiveBufferSize` bytes. Transactions sent
    /// through `ownPortIDs` will count as own; changes that touch table
    /// `inet tableName` are flagged. Throws `.notPermitted`
    /// without CAP_NET_ADMIN, `.socket` when netlink is unavailable.
    public init(
        ownPortIDs: Set<UInt32> = [], tableName: String = Policy.standardTableName,
        receiveBufferSize: Int = defaultReceiveBufferSize
    ) throws(NftablesError) {
        let flags = Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        switch syscall(returningPointer: { mnl_socket_open2(NETLINK_NETFILTER, flags) }) {
        case .success(let opened): handle = opened
        case .failure(let errno): throw .socket(operation: "open the nftables event socket", errno)
        }
        fileDescriptor = mnl_socket_get_fd(handle)
        self.ownPortIDs = ownPortIDs
        reader = NftEventReader(ownPortIDs: ownPortIDs, tableName: tableName)
        // From here on `deinit` closes the socket when a step throws.
        try subscribe()
        try reserveReceiveBuffer(receiveBufferSize)
    }

    deinit {
        mnl_socket_close(handle)
    }

    /// Reads every notification queued now, without blocking, and returns
    /// what they say; an empty batch when nothing was queued. Transactions
    /// whose notifications are only partly queued are completed by a later
    /// drain. After `overflowed`, keep draining as usual: the socket goes on
    /// delivering what arrives next.
    public func drain() throws(NftablesError) -> NftMonitorBatch {
        var batch = NftMonitorBatch()
        reader.ownPortIDs = ownPortIDs
        while true {
            let received = buffer.withUnsafeMutableBytes { raw in
                syscall { mnl_socket_recvfrom(handle, raw.baseAddress, raw.count) }
            }
            switch received {
            case .success(let length):
                buffer.withUnsafeBytes { raw in
                    reader.read(UnsafeRawBufferPointer(rebasing: raw[..<length]), into: &batch)
                }
            case .failure(.resourceTemporarilyUnavailable):
                return batch
            case .failure(.noBufferSpace), .failure(.noSpace):
                // ENOBUFS: the kernel dropped notifications; ENOSPC: libmnl saw a datagram cut short (MSG_TRUNC).
                batch.overflowed = true
                reader.discardPending()
            case .failure(let errno):
                throw .socket(operation: "read nftables events", errno)
            }
        }
    }

    /// Joins NFNLGRP_NFTABLES (NETLINK_ADD_MEMBERSHIP) after binding to an
    /// automatic port id; EPERM means no CAP_NET_ADMIN.
    private func subscribe() throws(NftablesError) {
        let handle = handle
        if case .failure(let errno) = syscall({ mnl_socket_bind(handle, 0, pid_t(MNL_SOCKET_AUTOPID)) }) {
            throw .socket(operation: "bind the nftables event socket", errno)
        }
        var group = Int32(NFNLGRP_NFTABLES.rawValue)
        let operation = "subscribe to nftables events"
        switch syscall({
            mnl_socket_setsockopt(handle, NETLINK_ADD_MEMBERSHIP, &group, socklen_t(MemoryLayout<Int32>.size))
        }) {
        case .success: return
        case .failure(.notPermitted), .failure(.permissionDenied): throw .notPermitted(operation: operation)
        case .failure(let errno): throw .socket(operation: operation, errno)
        }
    }

    /// SO_RCVBUFFORCE (CAP_NET_ADMIN), or SO_RCVBUF, which the kernel caps at net.core.rmem_max.
    private func reserveReceiveBuffer(_ size: Int) throws(NftablesError) {
        var value = Int32(clamping: size)
        let length = socklen_t(MemoryLayout<Int32>.size)
        let descriptor = fileDescriptor
        if case .success = syscall({ setsockopt(descriptor, SOL_SOCKET, SO_RCVBUFFORCE, &value, length) }) { return }
        if case .failure(let errno) = syscall({ setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &value, length) }) {
            throw .socket(operation: "set SO_RCVBUF of the nftables event socket to \(size) bytes", errno)
        }
    }
}
