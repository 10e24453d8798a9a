import CNetfilter
import Glibc
import RefocusCore
import SystemPackage
import RefocusOS

/// Unreachable routes for single addresses in the main routing table,
/// through rtnetlink (libmnl): a connection to such an address fails at once
/// (EHOSTUNREACH, ENETUNREACH) instead of timing out. ReFocus adds them for
/// the `Sinkhole` addresses only where its nftables table cannot be made (a
/// kernel without nf_tables), so that a blocked name still fails fast.
///
/// Routes carry ReFocus's own protocol number (`protocolNumber`), and
/// removal names it, so only routes ReFocus added are ever removed; an
/// existing route to the same address, ours or the administrator's, is left
/// as it is. Needs CAP_NET_ADMIN in the network namespace (root). Use from
/// one thread at a time.
public final class UnreachableRoutes {
    /// The `rtm_protocol` of ReFocus's routes (`ip route show proto 82`).
    public static let protocolNumber: UInt8 = 82

    private let handle: OpaquePointer
    private let portID: UInt32
    private var sequence = UInt32(truncatingIfNeeded: time(nil))

    /// Opens and binds a NETLINK_ROUTE socket; throws `RouteError.socket` when netlink is unavailable.
    public init() throws(RouteError) {
        switch openBoundNetlinkSocket(NETLINK_ROUTE) {
        case .success(let opened): handle = opened
        case .failure(let failure): throw .socket(operation: "\(failure.step) a routing socket", failure.errno)
        }
        portID = mnl_socket_get_portid(handle)
    }

    deinit {
        mnl_socket_close(handle)
    }

    /// Adds an unreachable route for each of `addresses`; one that has a
    /// route to it already keeps that route.
    public func install(_ addresses: some Sequence<IPAddress>) throws(RouteError) {
        for address in addresses {
            let flags = Int32(NLM_F_REQUEST | NLM_F_ACK | NLM_F_CREATE | NLM_F_EXCL)
            switch exchange(UInt16(RTM_NEWROUTE), flags: flags, address: address) {
            case nil, .fileExists?: continue
            case let errno?: throw RouteError.refused(operation: "add an unreachable route to \(address)", errno)
            }
        }
    }

    /// Removes ReFocus's routes to `addresses`; missing ones are no error.
    public func remove(_ addresses: some Sequence<IPAddress>) throws(RouteError) {
        for address in addresses {
            switch exchange(UInt16(RTM_DELROUTE), flags: Int32(NLM_F_REQUEST | NLM_F_ACK), address: address) {
            case nil, .noSuchProcess?, .noSuchFileOrDirectory?: continue
            case let errno?: throw RouteError.refused(operation: "remove the unreachable route to \(address)", errno)
            }
        }
    }

    /// Sends one route message for `address` and waits for its answer: nil
    /// for an acknowledgement, else the kernel's error.
    private func exchange(_ type: UInt16, flags: Int32, address: IPAddress) -> Errno? {
        sequence &+= 1
        let sequence = sequence
        var buffer = [UInt8](repeating: 0, count: 8192)
        let handle = handle
        let sent: Result<Int, Errno> = buffer.withUnsafeMutableBytes { raw in
            guard let header = mnl_nlmsg_put_header(raw.baseAddress) else { return .failure(.noBufferSpace) }
            header.pointee.nlmsg_type = type
            header.pointee.nlmsg_flags = UInt16(flags)
            header.pointee.nlmsg_seq = sequence
            let route = mnl_nlmsg_put_extra_header(header, MemoryLayout<rtmsg>.size).assumingMemoryBound(to: rtmsg.self)
            route.pointee.rtm_family = UInt8(address.isIPv4 ? AF_INET : AF_INET6)
            route.pointee.rtm_dst_len = UInt8(address.bitWidth)
            route.pointee.rtm_table = UInt8(RT_TABLE_MAIN.rawValue)
            route.pointee.rtm_protocol = Self.protocolNumber
            route.pointee.rtm_scope = UInt8(RT_SCOPE_UNIVERSE.rawValue)
            route.pointee.rtm_type = UInt8(RTN_UNREACHABLE)
            let bytes = address.bytes
            bytes.withUnsafeBytes { mnl_attr_put(header, UInt16(RTA_DST.rawValue), $0.count, $0.baseAddress) }
            let length = Int(header.pointee.nlmsg_len)
            return syscall { mnl_socket_sendto(handle, header, length) }
        }
        if case .failure(let errno) = sent { return errno }
        while true {
            let received = syscall {
                buffer.withUnsafeMutableBytes { mnl_socket_recvfrom(handle, $0.baseAddress, $0.count) }
            }
            guard case .success(let count) = received else {
                if case .failure(let errno) = received { return errno }
                return nil
            }
            let portID = portID
            let result = syscall {
                buffer.withUnsafeBytes { mnl_cb_run($0.baseAddress, count, sequence, portID, nil, nil) }
            }
            switch result {
            case .success(let status) where status == MNL_CB_OK: continue  // not the answer yet
            case .success: return nil
            case .failure(let errno): return errno
            }
        }
    }
}

/// Why a route could not be added or removed.
public enum RouteError: RefocusError, Equatable {
    /// The routing socket could not be opened or bound.
    case socket(operation: String, Errno)
    /// The kernel refused the change.
    case refused(operation: String, Errno)

    public var category: ErrorCategory {
        switch self {
        case .socket(_, .notPermitted), .refused(_, .notPermitted): .notPermitted
        default: .system
        }
    }

    public var description: String {
        switch self {
        case let .socket(operation, errno), let .refused(operation, errno):
            "cannot \(operation): \(errno.description)"
                + (errno == .notPermitted ? "; run as root or with CAP_NET_ADMIN" : "")
        }
    }
}
