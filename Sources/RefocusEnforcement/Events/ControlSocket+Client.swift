import CLinux
import Glibc
import RefocusCore
import SystemPackage
import RefocusOS

extension ControlSocket {
    /// What came of asking the daemon.
    public enum Reply: Equatable, Sendable {
        /// The daemon's whole answer (it closed the connection after it).
        case answered([UInt8])
        /// No daemon listens (no socket, refused, or reset by a daemon on its way out).
        case noDaemon
        /// A daemon listens but did not accept the connection within the
        /// connect deadline (its backlog is full: it is stuck).
        case notAccepted
        /// The daemon took the command but did not answer within the answer deadline.
        case unanswered
    }

    /// Sends `command` to the daemon at `path` and reads its answer, never
    /// waiting longer than the deadlines: a daemon whose backlog is full
    /// makes a blocking connect wait forever, and a stopped one never
    /// answers. The socket is non-blocking throughout; connecting is tried
    /// again until `connectWithin` has passed (a full backlog answers
    /// EAGAIN), the answer read until `answerWithin` has passed since the
    /// command was sent.
    public static func send(
        _ command: String, to path: String = defaultPath, connectWithin: Duration,
        answerWithin: Duration
    ) throws(SystemError) -> Reply {
        let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue)
        let fd = try syscall { socket(AF_UNIX, type, 0) }.get("create", path)
        defer { close(fd) }
        var address = try Self.address(path)
        let connectEnd = ContinuousClock.now + connectWithin
        while true {
            let connected = withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                    syscall { connect(fd, generic, socklen_t(MemoryLayout<sockaddr_un>.size)) }
                }
            }
            if case .success = connected { break }
            guard case .failure(.resourceTemporarilyUnavailable) = connected else { return .noDaemon }
            guard ContinuousClock.now < connectEnd else { return .notAccepted }
            usleep(10_000)
        }
        let line = Array((command + "\n").utf8)
        let sent = line.withUnsafeBytes { buffer in
            syscall { Glibc.send(fd, buffer.baseAddress, buffer.count, Int32(MSG_NOSIGNAL)) }
        }
        switch sent {
        case .success(line.count): break
        case .failure(.brokenPipe), .failure(.connectionReset): return .noDaemon
        case .success, .failure(.resourceTemporarilyUnavailable): return .unanswered
        case .failure(let errno): throw SystemError("send a command to", path, errno)
        }
        return try readAnswer(fd, from: path, until: ContinuousClock.now + answerWithin)
    }

    /// Reads until the daemon closes the connection, or `end` passes.
    private static func readAnswer(
        _ fd: Int32, from path: String,
        until end: ContinuousClock.Instant
    ) throws(SystemError) -> Reply {
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let received = buffer.withUnsafeMutableBytes { raw in
                syscall { recv(fd, raw.baseAddress, raw.count, Int32(MSG_DONTWAIT)) }
            }
            switch received {
            case .success(0):
                return .answered(answer)
            case .success(let count):
                answer += buffer.prefix(count)
            case .failure(.connectionReset) where answer.isEmpty:
                // A daemon that exited with our connection still queued resets it: no daemon answered.
                return .noDaemon
            case .failure(.resourceTemporarilyUnavailable):
                let remaining = end - ContinuousClock.now
                guard remaining > .zero else { return .unanswered }
                var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                let milliseconds = Int32(clamping: remaining.roundedUpMilliseconds)
                if case .success(0) = syscall({ poll(&ready, 1, milliseconds) }) { return .unanswered }
            case .failure(let errno):
                throw SystemError("read the daemon's answer from", path, errno)
            }
        }
    }
}
