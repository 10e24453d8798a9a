import RefocusCore
import RefocusOS
import RefocusPlanning

/// A blocked process that was already running when its list became active
/// and was sent SIGTERM: it gets SIGKILL through `ProcessKiller.finish` when
/// it is still alive after the grace period.
///
/// Holds the process's pidfd: add `fileDescriptor` to epoll to learn early
/// that it exited, and drop the object once finished (the killer forgets it
/// when it has exited or is finished, and the last reference closes the pidfd).
public final class TerminatingProcess {
    /// The process id.
    public var pid: Int32 { handle.pid }
    /// Its start time when it was signalled: it must still have it to be killed.
    public let startTime: UInt64
    /// Why it was signalled.
    public let match: ProgramMatch
    let handle: ProcessHandle

    init(startTime: UInt64, match: ProgramMatch, handle: ProcessHandle) {
        self.startTime = startTime
        self.match = match
        self.handle = handle
    }

    /// The pidfd: readable once the process has exited.
    public var fileDescriptor: Int32 { handle.fileDescriptor }

    /// Whether the process has exited, without waiting.
    public var hasExited: Bool { handle.hasExited }
}
