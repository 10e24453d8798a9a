import CLinux
import Glibc
import RefocusOS
import SystemPackage

/// The dashboard's listening socket: TCP on 127.0.0.1 alone (never a
/// public address), non-blocking, on the port asked for or one the kernel
/// picks free.
public final class Listener {
    public let fileDescriptor: Int32
    /// The port bound.
    public let port: UInt16

    /// Binds 127.0.0.1:`port` (0: any free port) and listens.
    public init(port: UInt16) throws(SystemError) {
        let descriptor = try syscall {
            socket(AF_INET, Int32(SOCK_STREAM.rawValue | SOCK_NONBLOCK.rawValue | SOCK_CLOEXEC.rawValue), 0)
        }
        .get("open", "a TCP socket")
        var address = Self.loopback(port: port)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(descriptor, 64) == 0 else {
            let error = SystemError("listen on", "127.0.0.1:\(port)", Errno(rawValue: errno))
            close(descriptor)
            throw error
        }
        var actual = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        fileDescriptor = descriptor
        self.port = UInt16(bigEndian: actual.sin_port)
    }

    deinit { close(fileDescriptor) }

    /// The next waiting connection and its peer's port, nil when none waits.
    public func accept() -> (descriptor: Int32, peerPort: UInt16)? {
        var peer = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let descriptor = withUnsafeMutablePointer(to: &peer) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                accept4(fileDescriptor, $0, &length, Int32(SOCK_NONBLOCK.rawValue | SOCK_CLOEXEC.rawValue))
            }
        }
        guard descriptor >= 0 else { return nil }
        return (descriptor, UInt16(bigEndian: peer.sin_port))
    }

    /// 127.0.0.1:`port` as a socket address.
    public static func loopback(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        return address
    }
}
