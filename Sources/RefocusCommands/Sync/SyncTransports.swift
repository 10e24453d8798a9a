#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RefocusCore
import RefocusOS
import RefocusFeatures

/// The transport `[sync]` names. The one place that knows every kind.
enum SyncTransports {
    /// A transport for `settings`: the shared folder, or a clone of the git
    /// remote in `$XDG_STATE_HOME/refocus/sync/repo`, run with the user's own
    /// environment (their git configuration and credentials).
    static func make(_ settings: SyncSettings, state: SyncState) throws -> any SyncTransport & SyncStoreFiles {
        switch settings {
        case let .folder(path):
            return FolderTransport(directory: path)
        case let .git(url, branch):
            return GitTransport(
                url: url, branch: branch, folder: state.directory + "/repo",
                environment: ProcessInfo.processInfo.environment)
        }
    }
}
