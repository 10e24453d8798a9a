import RefocusCore
import RefocusOS

/// Where list definitions sync through: a folder some sync engine keeps in
/// step between machines (`FolderTransport`), or a git remote
/// (`GitTransport`). A transport only moves the synced form, one
/// `NAME.domains` file per list (`SyncedListText`); the three-way merge
/// against the last synced copy is the caller's (`ListMerge`), never the
/// transport's.
///
/// One round: `pull()` brings the other side's lists as they are now;
/// the caller merges; `push(_:message:)` writes the lists whose synced form
/// changed and publishes them. A push that lost a race (a git remote moved
/// on since the pull) answers `.raced`, and the caller pulls, merges and
/// pushes again, a bounded number of times.
public protocol SyncTransport {
    /// The other side's lists now.
    func pull() throws -> RemoteLists
    /// Writes `changes` (a list's new synced text, or nil to delete it) and
    /// publishes them with `message` (a git commit's message).
    func push(_ changes: [BlockListName: String?], message: String) throws -> PushResult
}

/// The other side's lists, as a transport read them.
public struct RemoteLists: Sendable, Equatable {
    /// Each list's synced text as read (to be parsed by `SyncedListText`).
    public var texts: [BlockListName: String]
    /// Extra sides to merge in, per list: conflict copies a sync engine left
    /// (`NAME.sync-conflict-….domains`), each with the file it came from.
    public var conflictCopies: [BlockListName: [(file: String, text: String)]]
    /// Files skipped this round, each with why (half written, a bad name).
    public var skipped: [String]
    /// Lists to leave alone this round, on every side: their remote file
    /// was caught half written, so its absence from `texts` is no deletion.
    public var halfWritten: Set<BlockListName> = []

    /// Remote lists.
    public init(
        texts: [BlockListName: String], conflictCopies: [BlockListName: [(file: String, text: String)]] = [:],
        skipped: [String] = []
    ) {
        self.texts = texts
        self.conflictCopies = conflictCopies
        self.skipped = skipped
    }

    public static func == (lhs: RemoteLists, rhs: RemoteLists) -> Bool {
        lhs.texts == rhs.texts && lhs.skipped == rhs.skipped && lhs.halfWritten == rhs.halfWritten
            && lhs.conflictCopies.mapValues { $0.map { "\($0.file)\u{0}\($0.text)" } }
                == rhs.conflictCopies.mapValues { $0.map { "\($0.file)\u{0}\($0.text)" } }
    }
}

/// How a push went.
public enum PushResult: Sendable, Equatable {
    /// Published (or nothing to publish).
    case pushed
    /// The other side moved on since the pull: pull, merge and push again.
    case raced
}
