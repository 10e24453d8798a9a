import CLinux
import Glibc
import RefocusOS

/// The dashboard's server: one thread, one poll(2) loop over the listening
/// socket, the clients, the `refocus` runs that answer them and the status
/// file's watch, so that no client and no command can hold up another.
/// Every request passes `AccessGuard` before anything else; then its route
/// serves a page file, runs the command (`CommandChild`), or joins the
/// status stream (`StatusStream`). It returns once no page has been open,
/// and no request or command has been going, for `linger`.
public final class DashboardServer {
    /// Clients at once; more wait in the listen queue.
    static let maximumConnections = 64

    let listener: Listener
    let access: AccessGuard
    /// The `refocus` that runs every command.
    let program: String
    let linger: Duration
    let log: (String) -> Void
    var connections: [Int32: Connection] = [:]
    let stream: StatusStream
    var lastPageOpen = ContinuousClock.now
    /// Commands whose client went away: they finish (what was asked is done) and are reaped unanswered.
    var orphans: [CommandChild] = []
    /// Other children of ours (the browser's opener), reaped once they exit.
    public var reapLater: [pid_t] = []

    public init(
        listener: Listener, access: AccessGuard, program: String, linger: Duration, log: @escaping (String) -> Void
    ) {
        self.listener = listener
        self.access = access
        self.program = program
        self.linger = linger
        self.log = log
        stream = StatusStream(program: program)
    }

    /// Serves until no page has been open for `linger`.
    public func run() {
        while true {
            var watched = pollSet()
            _ = poll(&watched, nfds_t(watched.count), 1000)
            let now = ContinuousClock.now
            for entry in watched where entry.revents != 0 { handle(entry.fd, events: entry.revents) }
            stream.tick(now: now, streams: streams)
            closeExpired(now: now)
            reapLater.removeAll { waitpid($0, nil, WNOHANG) != 0 }
            // A page open, or a request or command still going (a start clicked as the page closed): not idle.
            if !connections.isEmpty || !orphans.isEmpty { lastPageOpen = now }
            if now - lastPageOpen > linger { return }
        }
    }

    /// The connections streaming status events.
    var streams: [Connection] {
        connections.values.filter { if case .streaming = $0.state { true } else { false } }
    }

    private func pollSet() -> [pollfd] {
        var set: [pollfd] = []
        if connections.count < Self.maximumConnections {
            set.append(pollfd(fd: listener.fileDescriptor, events: Int16(POLLIN), revents: 0))
        }
        for connection in connections.values {
            switch connection.state {
            case .reading: set.append(pollfd(fd: connection.descriptor, events: Int16(POLLIN), revents: 0))
            case .running(let child, _):
                for pipe in [child.output, child.errors] where pipe >= 0 {
                    set.append(pollfd(fd: pipe, events: Int16(POLLIN), revents: 0))
                }
            case .writing: set.append(pollfd(fd: connection.descriptor, events: Int16(POLLOUT), revents: 0))
            case .streaming:
                let events = Int16(POLLIN) | (connection.flushed ? 0 : Int16(POLLOUT))
                set.append(pollfd(fd: connection.descriptor, events: events, revents: 0))
            }
        }
        for child in orphans {
            for pipe in [child.output, child.errors] where pipe >= 0 {
                set.append(pollfd(fd: pipe, events: Int16(POLLIN), revents: 0))
            }
        }
        return set + stream.pollSet()
    }

    private func handle(_ descriptor: Int32, events: Int16) {
        if descriptor == listener.fileDescriptor {
            while connections.count < Self.maximumConnections, let (client, peerPort) = listener.accept() {
                connections[client] = Connection(descriptor: client, peerPort: peerPort)
            }
        } else if let connection = connections[descriptor] {
            handleClient(connection)
        } else if let connection = connections.values.first(where: { $0.owns(pipe: descriptor) }) {
            handleChild(connection, pipe: descriptor)
        } else if let index = orphans.firstIndex(where: { $0.output == descriptor || $0.errors == descriptor }) {
            orphans[index].drain(descriptor)
            if orphans[index].finished { _ = orphans.remove(at: index).reap() }
        } else {
            stream.handle(descriptor, streams: streams)
        }
    }

    private func handleClient(_ connection: Connection) {
        switch connection.state {
        case .reading:
            guard connection.receive() else { return drop(connection) }
            switch HttpRequestParser.parse(connection.inbound) {
            case .incomplete: return
            case .refused(let status, let reason):
                log("refused a request: \(reason)")
                answer(connection, .error(status, reason))
            case .request(let request, _): route(request, on: connection)
            }
        case .writing:
            guard connection.flush() else { return drop(connection) }
            if connection.flushed { drop(connection) }
        case .streaming:
            guard connection.receive(), connection.flush() else { return drop(connection) }
        case .running: return
        }
    }

    private func route(_ request: HttpRequest, on connection: Connection) {
        let peer = LoopbackPeer.uid(peerPort: connection.peerPort, serverPort: listener.port)
        switch access.decide(request, peer: peer) {
        case .refuse(let reason):
            log("refused \(request.method.rawValue) \(request.path): \(reason)")
            return answer(connection, .error(.forbidden, "forbidden"))
        case .enter:
            return answer(
                connection, HttpResponse(.seeOther, fields: [("Location", "/"), ("Set-Cookie", access.cookie)]))
        case .allow: break
        }
        switch DashboardRoute.of(request) {
        case .page(let name):
            answer(connection, PageFiles.response(name, token: access.token) ?? .error(.notFound, "no such page"))
        case .refuse(let refusal): answer(connection, .error(refusal.status, refusal.reason))
        case .events:
            connection.state = .streaming
            guard connection.send(HttpResponse.eventStreamHead) else { return drop(connection) }
            stream.joined(connection)
        case .run(let run):
            guard let child = CommandChild(program: program, arguments: run.arguments, input: run.input) else {
                return answer(
                    connection, .error(.internalError, "cannot run \(program): \(String(cString: strerror(errno)))"))
            }
            connection.state = .running(child, run.answer)
        }
    }

    private func handleChild(_ connection: Connection, pipe: Int32) {
        guard case .running(let child, let kind) = connection.state else { return }
        child.drain(pipe)
        guard child.finished else { return }
        answer(
            connection, CommandAnswer.response(kind, status: child.reap(), stdout: child.stdout, stderr: child.stderr))
    }

    private func answer(_ connection: Connection, _ response: HttpResponse) {
        connection.state = .writing
        guard connection.send(response.bytes) else { return drop(connection) }
        if connection.flushed { drop(connection) }
    }

    private func drop(_ connection: Connection) {
        if case .running(let child, _) = connection.state { orphans.append(child) }
        connections[connection.descriptor] = nil
    }

    /// Closes connections that have not sent their request in time.
    private func closeExpired(now: ContinuousClock.Instant) {
        for connection in connections.values {
            if case .reading = connection.state, now - connection.opened > Connection.readingTime { drop(connection) }
        }
    }
}

extension Connection {
    /// Whether `pipe` is one of this connection's command's pipes.
    func owns(pipe: Int32) -> Bool {
        guard case .running(let child, _) = state else { return false }
        return child.output == pipe || child.errors == pipe
    }
}
