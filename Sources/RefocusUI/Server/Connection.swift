import CLinux
import Glibc

/// One client connection of the dashboard's server and where it stands:
/// reading its request (capped by `HttpRequestParser`, timed out after
/// `Connection.readingTime`), waiting for the command that answers it,
/// writing the answer (then closed), or streaming status events.
final class Connection {
    /// How long a client has to send its whole request.
    static let readingTime: Duration = .seconds(10)
    /// Unsent bytes a slow event stream may hold before it is dropped.
    static let outboundCap = 1 << 20

    enum State {
        case reading
        case running(CommandChild, CommandRun.Answer)
        case writing
        case streaming
    }

    let descriptor: Int32
    let peerPort: UInt16
    let opened = ContinuousClock.now
    var state = State.reading
    private(set) var inbound: [UInt8] = []
    private(set) var outbound: [UInt8] = []

    init(descriptor: Int32, peerPort: UInt16) {
        self.descriptor = descriptor
        self.peerPort = peerPort
    }

    deinit { close(descriptor) }

    /// Reads what the client sent; false when it closed or sent more than any request may be.
    func receive() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 16384)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count < 0, errno == EINTR { continue }
            if count < 0 { return errno == EAGAIN || errno == EWOULDBLOCK }
            if count == 0 { return false }
            if case .reading = state {
                inbound += chunk[0..<count]
                if inbound.count > HttpRequestParser.maximumHead + HttpRequestParser.maximumBody + 4 { return false }
            }
        }
    }

    /// Queues `bytes`; false when a stream has fallen too far behind.
    func send(_ bytes: [UInt8]) -> Bool {
        outbound += bytes
        return outbound.count <= Self.outboundCap && flush()
    }

    /// Writes what the socket takes now; false on an error (the client has gone).
    func flush() -> Bool {
        while !outbound.isEmpty {
            let count = outbound.withUnsafeBytes {
                Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            if count < 0, errno == EINTR { continue }
            if count < 0 { return errno == EAGAIN || errno == EWOULDBLOCK }
            outbound.removeFirst(count)
        }
        return true
    }

    /// Whether everything queued has been written.
    var flushed: Bool { outbound.isEmpty }
}
