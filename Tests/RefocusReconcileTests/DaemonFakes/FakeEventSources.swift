@testable import RefocusDaemon

/// A timer in memory: what it was last armed with, and how often it fired
/// and was acknowledged. Its descriptor is a number no kernel object has.
final class FakeTimer: DaemonTimer {
    let fileDescriptor: Int32
    /// The delay it was last armed with; nil: disarmed (or never armed).
    private(set) var armed: Duration?
    /// How many times it was armed (or disarmed).
    private(set) var arms = 0
    /// How many times its readiness was consumed.
    private(set) var acknowledged = 0

    init(_ fileDescriptor: Int32) {
        self.fileDescriptor = fileDescriptor
    }

    func arm(after delay: Duration?) {
        armed = delay
        arms += 1
    }

    func acknowledge() {
        acknowledged += 1
    }
}

/// A watch on one file in memory: `changed` is what the next drain says
/// (a test sets it as someone editing the file would); drains are counted.
class FakeChangeWatch: DaemonChangeWatch {
    let fileDescriptor: Int32
    /// Whether an event about the file is pending.
    var changed = false
    /// How many times it was drained.
    private(set) var drains = 0

    init(_ fileDescriptor: Int32) {
        self.fileDescriptor = fileDescriptor
    }

    func drain() -> Bool {
        drains += 1
        defer { changed = false }
        return changed
    }
}

/// The watch on /etc/hosts in memory: `changedSinceOwnWrite` is what the
/// drain right after the daemon's own rewrite says (someone's edit that
/// landed between that rewrite and the drain); drains are counted alike.
final class FakeHostsWatch: FakeChangeWatch, DaemonHostsWatch {
    /// Whether someone's event is pending behind the daemon's own rename.
    var changedSinceOwnWrite = false

    func drainOwnWrite() -> Bool {
        _ = drain()
        defer { changedSinceOwnWrite = false }
        return changedSinceOwnWrite
    }
}

/// A watch on policy folders in memory: which folders it was asked to watch, in each call.
final class FakeFolderWatch: FakeChangeWatch, DaemonFolderWatch {
    /// The folders of each `watch` call, in order.
    private(set) var watchCalls: [[String]] = []

    func watch(_ folders: [String]) {
        watchCalls.append(folders)
    }
}

/// The watch on the administrator's folders in memory: re-arms are counted.
final class FakeFollowedWatch: FakeChangeWatch, DaemonFollowedWatch {
    /// How many times it was armed again.
    private(set) var rearms = 0

    func rearm() {
        rearms += 1
    }
}

/// The table's nftables events in memory: `needsRepair` asks the fake table
/// layer, as `TableWatch` asks the firewall; `failure` is thrown instead when set.
final class FakeTableWatch: DaemonTableWatch {
    let fileDescriptor: Int32
    private let needsRepairNow: () -> Bool
    /// When set, the monitor fails with it.
    var failure: (any Error)?

    init(_ fileDescriptor: Int32, needsRepair: @escaping () -> Bool) {
        self.fileDescriptor = fileDescriptor
        needsRepairNow = needsRepair
    }

    func needsRepair() throws -> Bool {
        if let failure { throw failure }
        return needsRepairNow()
    }
}

/// Signals in memory: those a test queued, taken by the next drain.
final class FakeSignals: DaemonSignalSource {
    let fileDescriptor: Int32
    /// The signals that arrived.
    var pending: [Int32] = []

    init(_ fileDescriptor: Int32) {
        self.fileDescriptor = fileDescriptor
    }

    func drain() -> [Int32] {
        defer { pending = [] }
        return pending
    }
}

/// The control socket in memory: connections a test queued, each with the
/// line it sends, and whether the daemon shut it down.
final class FakeControl: DaemonControl {
    let fileDescriptor: Int32
    /// The connections waiting to be accepted.
    var waiting: [FakeConnection] = []
    /// Whether it was shut down.
    private(set) var shutDownCalled = false

    init(_ fileDescriptor: Int32) {
        self.fileDescriptor = fileDescriptor
    }

    func accept() -> (any DaemonConnection)? {
        waiting.isEmpty ? nil : waiting.removeFirst()
    }

    func commands(of connections: [any DaemonConnection]) -> [String?] {
        connections.map { ($0 as? FakeConnection)?.line }
    }

    func shutDown() {
        shutDownCalled = true
    }
}

/// One helper run's connection in memory: the line it sends, and the answer it got.
final class FakeConnection: DaemonConnection {
    /// The command line sent; nil: nothing in time.
    let line: String?
    /// The answer's bytes; nil until answered.
    private(set) var answered: [UInt8]?

    init(_ line: String?) {
        self.line = line
    }

    func answer(_ bytes: [UInt8]) {
        answered = bytes
    }
}
