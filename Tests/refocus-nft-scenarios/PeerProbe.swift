import Glibc
import RefocusCore

/// Single packets and connection attempts to an address, made with plain
/// sockets, for the counter scenario: what a blocked program would try.
enum PeerProbe {
    /// One TCP connection attempt to `address` on `port`, waiting at most
    /// two seconds: `connected`, `refused` (ECONNREFUSED: the table's reset),
    /// `timeout`, or `error N` with the errno.
    static func connect(to address: IPAddress, port: UInt16) -> String {
        let descriptor = socket(
            address.isIPv4 ? AF_INET : AF_INET6, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return "error \(errno)" }
        defer { close(descriptor) }
        var timeout = timeval(tv_sec: 2, tv_usec: 0)
        _ = setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let status = withSocketAddress(of: address, port: port) { pointer, length in
            Glibc.connect(descriptor, pointer, length)
        }
        switch status == 0 ? 0 : errno {
        case 0: return "connected"
        case ECONNREFUSED: return "refused"
        case EINPROGRESS, ETIMEDOUT: return "timeout"
        case let other: return "error \(other)"
        }
    }

    /// Sends one UDP datagram to `address` on `port`: `sent`, `not permitted`
    /// (EPERM: the table dropped it on its way out), or `error N`.
    static func sendDatagram(to address: IPAddress, port: UInt16) -> String {
        let descriptor = socket(
            address.isIPv4 ? AF_INET : AF_INET6, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return "error \(errno)" }
        defer { close(descriptor) }
        let byte: [UInt8] = [0]
        let sent = withSocketAddress(of: address, port: port) { pointer, length in
            byte.withUnsafeBytes { sendto(descriptor, $0.baseAddress, 1, 0, pointer, length) }
        }
        switch sent == 1 ? 0 : errno {
        case 0: return "sent"
        case EPERM: return "not permitted"
        case let other: return "error \(other)"
        }
    }

    /// Sends one UDP datagram to each of `addresses` (one family) on `port`
    /// from one socket bound to `source`, and returns how many sends had
    /// each outcome: `sent`, `not permitted`, `error N` (or `socket error N`
    /// for all of them when the socket cannot be made).
    static func sendDatagrams(to addresses: [IPAddress], port: UInt16, from source: IPAddress) -> [String: Int] {
        let descriptor = socket(
            source.isIPv4 ? AF_INET : AF_INET6, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return ["socket error \(errno)": addresses.count] }
        defer { close(descriptor) }
        let bound = withSocketAddress(of: source, port: 0) { bind(descriptor, $0, $1) }
        guard bound == 0 else { return ["bind error \(errno)": addresses.count] }
        var outcomes: [String: Int] = [:]
        let byte: [UInt8] = [0]
        for address in addresses {
            let sent = withSocketAddress(of: address, port: port) { pointer, length in
                byte.withUnsafeBytes { sendto(descriptor, $0.baseAddress, 1, 0, pointer, length) }
            }
            switch sent == 1 ? 0 : errno {
            case 0: outcomes["sent", default: 0] += 1
            case EPERM: outcomes["not permitted", default: 0] += 1
            case let other: outcomes["error \(other)", default: 0] += 1
            }
        }
        return outcomes
    }

    /// Calls `body` with a `sockaddr_in` or `sockaddr_in6` for `address` and `port`.
    private static func withSocketAddress<Result>(
        of address: IPAddress, port: UInt16,
        _ body: (UnsafePointer<sockaddr>, socklen_t) -> Result
    ) -> Result {
        switch address {
        case .v4(let value):
            var socketAddress = sockaddr_in()
            socketAddress.sin_family = sa_family_t(AF_INET)
            socketAddress.sin_port = port.bigEndian
            socketAddress.sin_addr = in_addr(s_addr: value.bigEndian)
            return withUnsafePointer(to: &socketAddress) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    body($0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
        case .v6:
            var socketAddress = sockaddr_in6()
            socketAddress.sin6_family = sa_family_t(AF_INET6)
            socketAddress.sin6_port = port.bigEndian
            withUnsafeMutableBytes(of: &socketAddress.sin6_addr) { bytes in
                for (index, byte) in address.bytes.enumerated() { bytes[index] = byte }
            }
            return withUnsafePointer(to: &socketAddress) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    body($0, socklen_t(MemoryLayout<sockaddr_in6>.size))
                }
            }
        }
    }
}
