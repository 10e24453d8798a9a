import Glibc
import RefocusCore
import RefocusOS

/// One sync of the user's list definitions: under the sync lock, pull the
/// other side, merge each list three ways against its base (`SyncPlan`),
/// publish the merged synced texts, and only then change the local
/// `.domains` files (their comments and order kept: only the entries'
/// lines change) and the bases. `.programs` files are never touched. A push
/// that raced is retried from a new pull, at most `attempts` times; a pull
/// or push that fails leaves every local file as it was.
public struct ListSync {
    /// The user's lists.
    public let store: ListStore
    /// The bases, lock and last result.
    public let state: SyncState
    /// Where the lists sync through.
    public let transport: any SyncTransport
    /// This machine's name, for the message of a push (`laptop: social +example.org`).
    public let machine: String
    /// How many times a raced push is tried.
    public var attempts = 3

    /// A sync of `store` through `transport`.
    public init(store: ListStore, state: SyncState, transport: any SyncTransport, machine: String) {
        self.store = store
        self.state = state
        self.transport = transport
        self.machine = machine
    }

    /// What a sync did.
    public struct Report: Sendable, Equatable {
        /// Each local list changed: `social +example.org -reddit.com`.
        public var local: [String] = []
        /// Each list published: the same, from the remote's view.
        public var remote: [String] = []
        /// Skipped lines and files, and merge notes.
        public var messages: [String] = []
        /// Whether lines or files were skipped (not just notes).
        public var skippedSomething: Bool { messages.contains { !$0.hasPrefix("list ") } }
    }

    /// Syncs once; see the type.
    ///
    /// - Throws: `SyncError.busy` (another sync), `.raced`, a transport's
    ///   errors, `SystemError` for a local file that cannot be written.
    public func run() throws -> Report {
        let lock = try state.lock()
        defer { withExtendedLifetime(lock) {} }
        for _ in 0..<max(1, attempts) {
            let plan = try SyncPlan(store: store, bases: try state.bases(), remote: try transport.pull())
            var report = Report(messages: plan.messages)
            let changes = plan.remoteChanges
            for item in plan.items where changes[item.name] != nil {
                if let line = SyncPlan.describe(item.name, from: item.remote, to: item.outcome.lines) {
                    report.remote.append(line)
                }
            }
            if !changes.isEmpty {
                let message =
                    "\(machine): "
                    + (report.remote.isEmpty ? "conflict copies merged" : report.remote.joined(separator: "; "))
                guard try transport.push(changes, message: message) == .pushed else { continue }
            }
            for item in plan.items {
                if item.localChanges {
                    try apply(item)
                    if let line = SyncPlan.describe(item.name, from: item.local, to: item.outcome.lines) {
                        report.local.append(line)
                    }
                }
                try state.saveBase(item.outcomeText, for: item.name)
            }
            return report
        }
        throw SyncError.raced(attempts: max(1, attempts))
    }

    /// What is pending, without changing anything: the plan of a sync now.
    public func pending() throws -> SyncPlan {
        try SyncPlan(store: store, bases: try state.bases(), remote: try transport.pull())
    }

    /// Writes the merged entries of one list into its local `.domains` file,
    /// keeping its other lines; a list deleted elsewhere loses only that file.
    private func apply(_ item: SyncPlan.Item) throws {
        guard let entries = item.outcome.lines else {
            try store.deleteDomains(item.name)
            return
        }
        let current = try store.texts(of: item.name)?.texts.domains ?? ""
        // The file read for the plan, unless it changed since: then read again.
        let file =
            try item.localFile.flatMap { $0.isReading(current) ? $0 : nil }
            ?? LocalListLines(
                parsing: current, source: store.domainsPath(item.name), known: [item.local, entries].compactMap { $0 })
        try store.saveDomains(file.editing(to: entries), as: item.name)
    }

    /// This machine's host name, for push messages; `this machine` when it has none.
    public static func hostName() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "this machine" }
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return name.isEmpty ? "this machine" : name
    }
}
