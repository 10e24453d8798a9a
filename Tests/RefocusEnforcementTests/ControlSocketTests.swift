import Foundation
import Glibc
import Testing
@testable import RefocusEnforcement
import RefocusTestSupport

/// The control socket's deadlines, on a socket in a temporary folder: a
/// client never waits past its connect and answer deadlines, and the
/// daemon's side reads the commands of all its connections within one
/// short deadline, whatever a silent peer does.
@Suite(.enabled(if: getuid() == 0, "the daemon's side answers root peers only (CI runs as root)"))
struct ControlSocketTests {
    @Test func noListenerIsNoDaemon() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        #expect(
            try ControlSocket.send(
                "reconcile", to: folder.path + "/none.sock", connectWithin: .seconds(1),
                answerWithin: .seconds(1)) == .noDaemon)
    }

    @Test func aListenerThatNeverAnswersCostsTheAnswerDeadline() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let socket = try ControlSocket(path: folder.path + "/daemon.sock")
        let start = ContinuousClock.now
        let reply = try ControlSocket.send(
            "reconcile", to: socket.path, connectWithin: .seconds(1),
            answerWithin: .milliseconds(300))
        #expect(reply == .unanswered)
        #expect(ContinuousClock.now - start < .seconds(2))
    }

    @Test func aFullBacklogCostsTheConnectDeadline() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let socket = try ControlSocket(path: folder.path + "/daemon.sock")
        var queued: [Int32] = []
        defer { queued.forEach { close($0) } }
        while queued.count < 1000, let fd = try Self.connect(to: socket.path, blocking: false) {
            queued.append(fd)
        }
        #expect(queued.count < 1000, "the backlog filled up")
        let start = ContinuousClock.now
        #expect(
            try ControlSocket.send(
                "reconcile", to: socket.path, connectWithin: .milliseconds(300),
                answerWithin: .seconds(5)) == .notAccepted)
        let waited = ContinuousClock.now - start
        #expect(waited >= .milliseconds(300) && waited < .seconds(2))
    }

    @Test func commandsOfSilentPeersAreNilWithinTheDeadline() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let socket = try ControlSocket(path: folder.path + "/daemon.sock")
        var clients: [Int32] = []
        defer { clients.forEach { close($0) } }
        for command in ["reconcile\n", nil, "exit\n", nil] {
            let fd = try #require(try Self.connect(to: socket.path, blocking: true))
            if let command { _ = command.withCString { write(fd, $0, strlen($0)) } }
            clients.append(fd)
        }
        var connections: [ControlSocket.Connection] = []
        while let connection = socket.accept() { connections.append(connection) }
        #expect(connections.count == 4)
        let start = ContinuousClock.now
        #expect(ControlSocket.commands(of: connections, within: .milliseconds(200)) == ["reconcile", nil, "exit", nil])
        #expect(ContinuousClock.now - start < .seconds(1))
        for connection in connections { connection.answer(Array("ok".utf8)) }
    }

    /// A client connected to `path`; nil when the connection was refused (a full backlog, without blocking).
    static func connect(to path: String, blocking: Bool) throws -> Int32? {
        let fd = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | (blocking ? 0 : Int32(SOCK_NONBLOCK.rawValue)), 0)
        var address = try ControlSocket.address(path)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard connected == 0 else {
            close(fd)
            return nil
        }
        return fd
    }
}
