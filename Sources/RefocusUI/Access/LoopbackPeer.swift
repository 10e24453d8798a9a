import CLinux
import Glibc

/// Who is at the other end of a loopback TCP connection: the owner of the
/// client's socket, asked of the kernel through sock_diag (one
/// SOCK_DIAG_BY_FAMILY request naming the client socket's exact four-tuple,
/// answered with its `inet_diag_msg`, uid included). A TCP socket has no
/// SO_PEERCRED, so this is how the dashboard tells its own user from another
/// local user who learned the token (a browser sends 127.0.0.1's cookies to
/// every port of that address, another user's server included). One exact
/// lookup costs microseconds where reading /proc/net/tcp costs the kernel
/// a line per socket of the machine, TIME_WAIT ones included.
public enum LoopbackPeer {
    /// The uid owning the client socket 127.0.0.1:`peerPort` connected to
    /// 127.0.0.1:`serverPort`, nil when the kernel knows no such socket (the client has gone).
    public static func uid(peerPort: UInt16, serverPort: UInt16) -> UInt32? {
        let descriptor = socket(AF_NETLINK, Int32(SOCK_DGRAM.rawValue | SOCK_CLOEXEC.rawValue), netlinkSockDiag)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var timeout = timeval(tv_sec: 1, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let request = self.request(peerPort: peerPort, serverPort: serverPort)
        var kernel = sockaddr_nl()
        kernel.nl_family = sa_family_t(AF_NETLINK)
        let sent = request.withUnsafeBytes { bytes in
            withUnsafePointer(to: &kernel) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    sendto(descriptor, bytes.baseAddress, bytes.count, 0, $0, socklen_t(MemoryLayout<sockaddr_nl>.size))
                }
            }
        }
        guard sent == request.count else { return nil }
        var answer = [UInt8](repeating: 0, count: 8192)
        let count = answer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        return uid(inAnswer: Array(answer[0..<count]))
    }

    /// The request: `nlmsghdr` (SOCK_DIAG_BY_FAMILY, NLM_F_REQUEST) and `inet_diag_req_v2` for TCP over
    /// IPv4, every state, the socket whose source is 127.0.0.1:`peerPort` and destination 127.0.0.1:`serverPort`.
    static func request(peerPort: UInt16, serverPort: UInt16) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes +=
            little(UInt32(72)) + little(sockDiagByFamily) + little(UInt16(1)) + little(UInt32(1)) + little(UInt32(0))
        bytes += [UInt8(AF_INET), UInt8(IPPROTO_TCP), 0, 0] + little(UInt32.max)
        bytes += big(peerPort) + big(serverPort)
        let loopback: [UInt8] = [127, 0, 0, 1] + [UInt8](repeating: 0, count: 12)
        bytes += loopback + loopback + little(UInt32(0)) + little(UInt32.max) + little(UInt32.max)
        return bytes
    }

    /// The uid in the kernel's answer: an `inet_diag_msg` after its header (uid at its byte 64), nil for an error.
    static func uid(inAnswer answer: [UInt8]) -> UInt32? {
        guard answer.count >= 16 + 72, UInt16(answer[4]) | UInt16(answer[5]) << 8 == sockDiagByFamily else {
            return nil
        }
        let offset = 16 + 64
        return (0..<4).reduce(UInt32(0)) { $0 | UInt32(answer[offset + $1]) << (8 * UInt32($1)) }
    }

    /// NETLINK_SOCK_DIAG and SOCK_DIAG_BY_FAMILY (linux/sock_diag.h).
    private static let netlinkSockDiag: Int32 = 4
    private static let sockDiagByFamily: UInt16 = 20

    private static func little<T: FixedWidthInteger>(_ value: T) -> [UInt8] {
        withUnsafeBytes(of: value.littleEndian) { Array($0) }
    }

    private static func big<T: FixedWidthInteger>(_ value: T) -> [UInt8] {
        withUnsafeBytes(of: value.bigEndian) { Array($0) }
    }
}
