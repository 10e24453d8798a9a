import CLinux
import Glibc

/// A minimal HTTP/1.1 client over loopback, for `refocus-bench ui` and the
/// dashboard's tests (the server itself never makes a request): one
/// request per connection, read until the server closes or a time passes.
public enum LoopbackClient {
    /// The whole answer to `GET path` with `fields` (each ending in CRLF) on a new connection to 127.0.0.1:`port`.
    public static func get(_ port: UInt16, _ path: String, _ fields: String) -> [UInt8] {
        exchange(port, "GET \(path) HTTP/1.1\r\n\(fields)Connection: close\r\n\r\n")
    }

    /// Sends `request` as it is on a new connection; what came back until the server closed or `seconds` passed.
    public static func exchange(_ port: UInt16, _ request: String, readFor seconds: Int = 10) -> [UInt8] {
        let socket = connect(port)
        defer { close(socket) }
        send(socket, request)
        return read(socket, for: seconds)
    }

    /// What `socket` delivers until it closes or `seconds` pass without a byte.
    public static func read(_ socket: Int32, for seconds: Int) -> [UInt8] {
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var answer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            answer += chunk[0..<count]
        }
        return answer
    }

    /// The body of an answer (after the blank line).
    public static func body(_ answer: [UInt8]) -> [UInt8] {
        for index in 0..<max(0, answer.count - 3)
        where answer[index] == 13 && answer[index + 1] == 10 && answer[index + 2] == 13 && answer[index + 3] == 10 {
            return Array(answer[(index + 4)...])
        }
        return []
    }

    /// Opens the event stream and reads until its first event has ended (a blank line after `event:`).
    public static func firstEvent(_ port: UInt16, _ fields: String) -> Bool {
        let socket = connect(port)
        defer { close(socket) }
        send(socket, "GET /api/events HTTP/1.1\r\n\(fields)\r\n")
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return false }
            received += chunk[0..<count]
            // Bytes, not Characters: Swift reads the head's CR LF as one Character, never a "\n".
            let body = Self.body(received)
            if body.starts(with: Array("event: ".utf8)),
                zip(body, body.dropFirst()).contains(where: { $0 == 10 && $1 == 10 })
            {
                return true
            }
        }
    }

    /// A port the kernel picks free on 127.0.0.1.
    public static func freePort() -> UInt16? {
        let socket = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = loopback(0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0
            }
        }
        guard bound else { return nil }
        return UInt16(bigEndian: address.sin_port)
    }

    /// Waits up to 10 s for something to listen on `port`; whether it came.
    public static func waitForListener(_ port: UInt16) -> Bool {
        for _ in 0..<1000 {
            let socket = connect(port)
            if socket >= 0 {
                close(socket)
                return true
            }
            usleep(10_000)
        }
        return false
    }

    /// A connected socket to 127.0.0.1:`port`, -1 when the connection is refused.
    public static func connect(_ port: UInt16) -> Int32 {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = loopback(port)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(descriptor)
            return -1
        }
        return descriptor
    }

    /// Writes `text` to `socket`.
    public static func send(_ socket: Int32, _ text: String) {
        _ = Array(text.utf8).withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    private static func loopback(_ port: UInt16) -> sockaddr_in { Listener.loopback(port: port) }
}
