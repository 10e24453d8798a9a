import CLinux
import Glibc
import RefocusCore
import SystemPackage
import RefocusOS

/// The daemon's control socket, `/run/refocus/daemon.sock`: a Unix stream
/// socket that only root can use (mode 0600, and the peer's uid checked).
/// A helper run connects, writes one command line, and reads the daemon's
/// answer until the daemon closes the connection (`send`, in
/// ControlSocket+Client.swift).
///
/// The daemon never waits on a helper run: it reads the commands of the
/// connections it accepted together, for at most `commandDeadline`, and
/// writes answers without blocking (`MSG_DONTWAIT`, with a send buffer
/// sized to the answer); a helper that is stopped or gone loses its answer.
public final class ControlSocket {
    /// The default path.
    public static let defaultPath = "/run/refocus/daemon.sock"
    /// How long the daemon waits for the command lines of the connections it accepted.
    public static let commandDeadline: Duration = .milliseconds(200)
    /// The most connections taken in one wake-up; the rest wait in the backlog.
    public static let acceptBatch = 64

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
        let ready = bound.flatMap { _ in syscall { chmod(path, 0o600) } }.flatMap { _ in
            syscall { listen(descriptor, 64) }
        }
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

        /// Whether the peer is root (SO_PEERCRED).
        var peerIsRoot: Bool {
            var credentials = PeerCredentials()
            var length = socklen_t(MemoryLayout<PeerCredentials>.size)
            guard
                case .success = syscall({ getsockopt(fileDescriptor, SOL_SOCKET, SO_PEERCRED, &credentials, &length) })
            else { return false }
            return credentials.uid == 0
        }

        /// Sends the answer without waiting and closes the connection: a
        /// peer that stopped reading loses the part that does not fit.
        public func answer(_ bytes: [UInt8]) {
            defer { close(fileDescriptor) }
            // Room for the whole answer, so that it goes at once (root may exceed wmem_max).
            var size = Int32(clamping: bytes.count * 2 + 65_536)
            let length = socklen_t(MemoryLayout<Int32>.size)
            if case .failure = syscall({ setsockopt(fileDescriptor, SOL_SOCKET, SO_SNDBUFFORCE, &size, length) }) {
                _ = syscall { setsockopt(fileDescriptor, SOL_SOCKET, SO_SNDBUF, &size, length) }
            }
            var offset = 0
            while offset < bytes.count {
                let sent = bytes.withUnsafeBytes { buffer in
                    syscall {
                        Glibc.send(
                            fileDescriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset,
                            Int32(MSG_DONTWAIT) | Int32(MSG_NOSIGNAL))
                    }
                }
                guard case .success(let count) = sent, count > 0 else { return }
                offset += count
            }
        }
    }

    /// The next waiting connection, or nil when none is waiting.
    public func accept() -> Connection? {
        guard case .success(let fd) = syscall({ Glibc.accept(fileDescriptor, nil, nil) }) else { return nil }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        return Connection(fileDescriptor: fd)
    }

    /// The command line each of `connections` sent (at most 64 bytes, read
    /// without blocking), waiting at most `deadline` for all of them
    /// together; nil for a peer that is not root or sent no line in time.
    public static func commands(of connections: [Connection], within deadline: Duration = commandDeadline) -> [String?]
    {
        var lines = [[UInt8]](repeating: [], count: connections.count)
        var reading = connections.map(\.peerIsRoot)
        var finished = [Bool](repeating: false, count: connections.count)
        let end = ContinuousClock.now + deadline
        while reading.contains(true) {
            let remaining = end - ContinuousClock.now
            guard remaining > .zero else { break }
            var waiting = connections.indices.filter { reading[$0] }
                .map { pollfd(fd: connections[$0].fileDescriptor, events: Int16(POLLIN), revents: 0) }
            let milliseconds = Int32(clamping: remaining.roundedUpMilliseconds)
            guard case .success(let ready) = syscall({ poll(&waiting, nfds_t(waiting.count), milliseconds) }), ready > 0
            else { break }
            for entry in waiting where entry.revents != 0 {
                guard let index = connections.firstIndex(where: { $0.fileDescriptor == entry.fd }) else { continue }
                var buffer = [UInt8](repeating: 0, count: 64 - lines[index].count)
                let received = buffer.withUnsafeMutableBytes { raw in
                    syscall { recv(entry.fd, raw.baseAddress, raw.count, Int32(MSG_DONTWAIT)) }
                }
                switch received {
                case .failure(.resourceTemporarilyUnavailable):
                    continue
                case .success(let count) where count > 0:
                    lines[index] += buffer.prefix(count)
                    finished[index] = lines[index].contains(UInt8(ascii: "\n")) || lines[index].count >= 64
                default:
                    finished[index] = true  // the end of the stream, or an error: what came is the command
                }
                reading[index] = !finished[index]
            }
        }
        return connections.indices.map { index in
            guard finished[index], !lines[index].isEmpty else { return nil }
            return String(
                decoding: lines[index].prefix { $0 != UInt8(ascii: "\n") && $0 != UInt8(ascii: "\r") }, as: UTF8.self)
        }
    }

    static func address(_ path: String) throws(SystemError) -> sockaddr_un {
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
