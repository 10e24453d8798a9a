import RefocusEnforcement
import RefocusOS

/// One of the daemon's event sources as its loop sees it: a descriptor the
/// loop wakes on (for a fake, any number no other source uses). The kinds
/// below say what the loop does with each; the system's are the kernel's
/// (`DaemonSources`), a test's are fakes.
protocol DaemonEventSource: AnyObject {
    /// What the loop reports ready.
    var fileDescriptor: Int32 { get }
}

/// A source whose readiness is consumed once (a timer that fired, a clock change).
protocol DaemonAcknowledged: DaemonEventSource {
    /// Consumes the readiness (and, for the clock watch, watches for the next change).
    func acknowledge()
}

/// A one-shot boot-time timer (`BootTimer`).
protocol DaemonTimer: DaemonAcknowledged {
    /// Fires once after `delay`, or never when nil.
    func arm(after delay: Duration?)
}

/// A watch for changes by others to one file (`FileWatch`).
protocol DaemonChangeWatch: DaemonEventSource {
    /// Whether any pending event concerned the file (or events were lost).
    func drain() -> Bool
}

/// The watch on /etc/hosts (`FileWatch`), which the daemon rewrites itself.
protocol DaemonHostsWatch: DaemonChangeWatch {
    /// Whether any pending event concerned the file, our own rewrite's left out.
    func drainOwnWrite() -> Bool
}

/// A watch on policy folders that come and go (`FolderWatch`).
protocol DaemonFolderWatch: DaemonChangeWatch {
    /// Adds a watch on each of `folders` that exists.
    func watch(_ folders: [String])
}

/// A watch on folders that may be replaced (`FollowedFoldersWatch`).
protocol DaemonFollowedWatch: DaemonChangeWatch {
    /// Watches what the folders' paths lead to now, and no longer what they led to before.
    func rearm()
}

/// The nftables events of the daemon's table (`TableWatch`).
protocol DaemonTableWatch: DaemonEventSource {
    /// Whether someone else left the table other than it was applied; a failure is thrown.
    func needsRepair() throws -> Bool
}

/// The signals the daemon takes as events (`SignalWatch`).
protocol DaemonSignalSource: DaemonEventSource {
    /// The signals that arrived since the last call.
    func drain() -> [Int32]
}

extension BootTimer: DaemonTimer {}
extension ClockChangeWatch: DaemonAcknowledged {}
extension FileWatch: DaemonHostsWatch {}
extension FolderWatch: DaemonFolderWatch {}
extension FollowedFoldersWatch: DaemonFollowedWatch {}
extension TableWatch: DaemonTableWatch {}
extension SignalWatch: DaemonSignalSource {}
