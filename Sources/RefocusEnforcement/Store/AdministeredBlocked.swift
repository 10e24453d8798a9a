/// What an administrator's window blocked for its user, as the daemon
/// counted it: connections the rules for that user alone refused, and the
/// user's programs of the window's lists that were stopped.
public struct AdministeredBlocked: Sendable, Hashable {
    /// Connections refused (packets, as the table counts them: a TCP connection attempt is one).
    public var refused: UInt64
    /// Programs stopped.
    public var programsStopped: Int

    /// These counts; nothing by default.
    public init(refused: UInt64 = 0, programsStopped: Int = 0) {
        self.refused = refused
        self.programsStopped = programsStopped
    }
}
