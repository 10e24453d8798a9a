import CLinux
import Glibc

/// The daemon's control socket, `/run/refocus/daemon.sock`: a Unix stream
/// socket that only root can use (mode 0600, and the peer's uid checked).
/// A helper run connects, writes one command line, and reads the daemon's
/// answer until the daemon closes the connection.
public final class ControlSocket {
    /// The default path.
    public static let defaultPath = "/run/refocus/daemon.sock"

    /// The listening descriptor to watch; readable when a helper connects.
    public private(set) var fileDescriptor: Int32
    /// The socket's path.
    public let path: String

    /// Binds and listens at `path`, replacing a stale socket left by a dead
    /// daemon (the caller holds the daemon lock, so no live one uses it).
    /// Its directory is made root's with mode 0755 (`Directories.prepare`).
    public init(path: String = defaultPath) throws(SystemError) {
        self.path = path
        try Directories.prepare(AtomicFile.parentDirectory(of: path), mode: 0o755)
        let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue)
        fileDescriptor = try syscall { socket(AF_UNIX, type, 0) }.get("create", path)
        unlink(path)
        var address = try Self.address(path)
        let descriptor = fileDescriptor
        let bound = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                syscall { bind(descriptor, generic, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
        }
        let ready = bound.flatMap { _ in syscall { chmod(path, 0o600) } }.flatMap { _ in syscall { listen(descriptor, 64) } }
        if case .failure(let errno) = ready {
            close(descriptor)
            throw SystemError("listen on", path, errno)
        }
    }

    deinit { shutDown() }

    /// Stops listening and removes the socket's path, so that no helper run
    /// connects to a daemon on its way out (it would be reset unanswered).
    public func shutDown() {
        guard fileDescriptor >= 0 else { return }
        unlink(path)
        close(fileDescriptor)
        fileDescriptor = -1
    }

    /// One connection from a helper run.
    public struct Connection {
        /// The connected descriptor.
        public let fileDescriptor: Int32

        /// The command line the helper sent (at most 64 bytes), or nil when
        /// the peer is not root or sent nothing.
        public func command() -> String? {
            var credentials = PeerCredentials()
            var length = socklen_t(MemoryLayout<PeerCredentials>.size)
            guard getsockopt(fileDescriptor, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0,
                  credentials.uid == 0 else { return nil }
            var timeout = timeval(tv_sec: 5, tv_usec: 0)
            setsockopt(fileDescriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            var buffer = [UInt8](repeating: 0, count: 64)
            let count = buffer.withUnsafeMutableBytes { recv(fileDescriptor, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return nil }
            return String(decoding: buffer.prefix(count), as: UTF8.self).trimmingCharacters(in: .newlines)
        }

        /// Sends the answer and closes the connection.
        public func answer(_ bytes: [UInt8]) {
            _ = try? AtomicFile.writeAll(fileDescriptor, bytes, path: "the control connection")
            close(fileDescriptor)
        }
    }

    /// The next waiting connection, or nil when none is waiting.
    public func accept() -> Connection? {
        let fd = Glibc.accept(fileDescriptor, nil, nil)
        guard fd >= 0 else { return nil }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        return Connection(fileDescriptor: fd)
    }

    /// Sends `command` to the daemon at `path` and returns its answer; nil
    /// when no daemon listens there (or one exited without answering). Waits at most `timeout` for the answer.
    public static func send(_ command: String, to path: String = defaultPath,
                            timeout: Duration = .seconds(60)) throws(SystemError) -> [UInt8]? {
        let fd = try syscall { socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0) }
            .get("create", path)
        defer { close(fd) }
        var address = try Self.address(path)
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                syscall { connect(fd, generic, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
        }
        guard case .success = connected else { return nil }
        var wait = timeval(tv_sec: Int(timeout.components.seconds), tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        try AtomicFile.writeAll(fd, Array((command + "\n").utf8), path: path)
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let received = syscall { buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) } }
            // A daemon that exited with our connection still queued resets it: no daemon answered.
            if case .failure(.connectionReset) = received, answer.isEmpty { return nil }
            let count = try received.get("read the daemon's answer from", path)
            if count == 0 { return answer }
            answer += buffer.prefix(count)
        }
    }

    private static func address(_ path: String) throws(SystemError) -> sockaddr_un {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            throw SystemError("bind", path, .fileNameTooLong)
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in bytes.enumerated() { raw[index] = byte }
        }
        return address
    }
}

/// `struct ucred` as SO_PEERCRED fills it (glibc declares it only with _GNU_SOURCE).
private struct PeerCredentials {
    var pid: Int32 = 0
    var uid: UInt32 = UInt32.max
    var gid: UInt32 = UInt32.max
}
