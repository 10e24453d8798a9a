#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RefocusCore
import RefocusOS
import RefocusFeatures

/// What the sync commands share: the settings, the state and a `ListSync`.
enum SyncSetup {
    /// The user's `[sync]` settings.
    ///
    /// - Throws: `SyncError.notConfigured` when there are none.
    static func settings() throws -> SyncSettings {
        guard let settings = try UserPresets.config().sync else { throw SyncError.notConfigured }
        return settings
    }

    /// The user's sync state folder.
    static func state() throws -> SyncState {
        SyncState(paths: try StatePaths(environment: ProcessInfo.processInfo.environment))
    }

    /// A sync of the user's lists as configured.
    static func listSync() throws -> ListSync {
        let state = try state()
        return ListSync(
            store: try UserLists.store(), state: state,
            transport: try SyncTransports.make(try settings(), state: state), machine: ListSync.hostName())
    }
}
