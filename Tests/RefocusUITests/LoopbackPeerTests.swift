import Foundation
import Glibc
import RefocusUI
import Testing

/// The owner of the other end of a loopback connection, asked of the kernel
/// (sock_diag): a real connection made here is found as this process's uid,
/// from either end, and a port no socket has is not found.
struct LoopbackPeerTests {
    @Test func aRealConnectionIsOurs() throws {
        let listener = try Listener(port: 0)
        let client = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(client) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = listener.port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(client, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        #expect(connected == 0)
        var accepted: (descriptor: Int32, peerPort: UInt16)?
        for _ in 0..<100 where accepted == nil {
            accepted = listener.accept()
            if accepted == nil { usleep(10_000) }
        }
        let (descriptor, peerPort) = try #require(accepted)
        defer { close(descriptor) }
        #expect(LoopbackPeer.uid(peerPort: peerPort, serverPort: listener.port) == getuid())
        #expect(LoopbackPeer.uid(peerPort: listener.port, serverPort: peerPort) == getuid())
        #expect(LoopbackPeer.uid(peerPort: peerPort &+ 1, serverPort: listener.port) == nil)
    }
}
