import RefocusCore
import RefocusOS

/// The transport `[sync]` names. The one place that knows every kind.
enum SyncTransports {
    /// A transport for `settings`.
    ///
    /// - Throws: `SyncError.transportUnavailable` for git until `GitTransport` lands.
    static func make(_ settings: SyncSettings, state: SyncState) throws -> any SyncTransport {
        switch settings {
        case let .folder(path):
            return FolderTransport(directory: path)
        case .git:
            throw SyncError.transportUnavailable("sync through git")
        }
    }
}
