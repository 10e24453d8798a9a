import RefocusCore
import RefocusOS
import RefocusPlanning

/// A blocked process that the program blocker signalled: for the daemon's
/// log, its kill counts and the owner's notification.
public struct ProgramKill: Sendable, Equatable {
    /// The process id signalled.
    public let pid: Int32
    /// Why: the owner, the program name and the name of the process that matched.
    public let match: ProgramMatch
    /// The signal sent: SIGKILL, or SIGTERM for a process that was already running.
    public let signal: Int32

    /// Makes a record.
    public init(pid: Int32, match: ProgramMatch, signal: Int32) {
        self.pid = pid
        self.match = match
        self.signal = signal
    }
}
