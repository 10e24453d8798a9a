import CLinux
import CNetfilter
import Glibc
import SystemPackage
import RefocusOS

/// Opens a libmnl socket on a netlink `bus` (NETLINK_NETFILTER,
/// NETLINK_ROUTE), close-on-exec, bound to a port id the kernel picks; on
/// failure the socket is closed and the step and the system's reason are
/// returned. Opening and binding need no privilege.
func openBoundNetlinkSocket(_ bus: Int32) -> Result<OpaquePointer, NetlinkOpenFailure> {
    let handle: OpaquePointer
    switch syscall(returningPointer: { mnl_socket_open2(bus, Int32(SOCK_CLOEXEC.rawValue)) }) {
    case .success(let opened): handle = opened
    case .failure(let errno): return .failure(NetlinkOpenFailure(step: "open", errno: errno))
    }
    if case .failure(let errno) = syscall({ mnl_socket_bind(handle, 0, pid_t(MNL_SOCKET_AUTOPID)) }) {
        mnl_socket_close(handle)
        return .failure(NetlinkOpenFailure(step: "bind", errno: errno))
    }
    return .success(handle)
}

/// Which step of opening a netlink socket failed, and why.
struct NetlinkOpenFailure: Error {
    /// "open" or "bind".
    let step: String
    /// The system's reason.
    let errno: Errno
}
