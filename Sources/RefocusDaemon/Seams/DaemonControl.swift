import RefocusEnforcement

/// The daemon's control socket as its loop sees it (`ControlSocket` on the
/// system): connections accepted in the switch, their command lines read
/// together afterwards, then answered.
protocol DaemonControl: DaemonEventSource {
    /// The next waiting connection, or nil when none is waiting.
    func accept() -> (any DaemonConnection)?
    /// The command line each of `connections` sent (nil: none in time, or not root's), read together.
    func commands(of connections: [any DaemonConnection]) -> [String?]
    /// Stops listening, so that no helper run connects to a daemon on its way out.
    func shutDown()
}

/// One helper run's connection to the control socket.
protocol DaemonConnection {
    /// Sends the answer without waiting and closes the connection.
    func answer(_ bytes: [UInt8])
}

extension ControlSocket.Connection: DaemonConnection {}

extension ControlSocket: DaemonControl {
    /// The next waiting connection (`accept()`'s), or nil when none is waiting.
    func accept() -> (any DaemonConnection)? {
        let connection: Connection? = accept()
        return connection
    }

    /// Reads only this socket's own connections: any other (there is none in the daemon) sent nothing.
    func commands(of connections: [any DaemonConnection]) -> [String?] {
        let own = connections.compactMap { $0 as? Connection }
        guard own.count == connections.count else { return connections.map { _ in nil } }
        return Self.commands(of: own)
    }
}
