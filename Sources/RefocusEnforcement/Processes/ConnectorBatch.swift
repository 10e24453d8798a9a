import RefocusOS
/// One exec reported by the kernel's process connector.
public struct ExecEvent: Sendable, Equatable {
    /// The thread id that called execve; after exec it leads its thread group.
    public let pid: Int32
    /// The process id (thread group id): the process to check and signal.
    public let tgid: Int32
    /// When the exec finished, in nanoseconds on CLOCK_MONOTONIC (the kernel's `ktime_get_ns`).
    public let timestamp: UInt64

    /// Makes an event.
    public init(pid: Int32, tgid: Int32, timestamp: UInt64) {
        self.pid = pid
        self.tgid = tgid
        self.timestamp = timestamp
    }
}

/// What one `ProcessConnector.drain()` read: the execs, in the kernel's
/// order, and whether the kernel dropped events since the last drain.
public struct ConnectorBatch: Sendable, Equatable {
    /// The exec events read.
    public var execs: [ExecEvent] = []
    /// The socket's receive buffer overflowed (ENOBUFS): events were lost,
    /// so the caller must scan /proc for processes it missed.
    public var overflowed = false
    /// The drain stopped at its limit with events still queued; the
    /// descriptor stays readable, so a level-triggered epoll reports it again.
    public var hasMore = false

    /// Makes an empty batch.
    public init() {}
}
