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

    /// One round of the session intents: the sync lock, then `FollowApplier`.
    struct FollowRound {
        let applier: FollowApplier

        /// Runs it, fetching a remote first when `fetching`.
        func run(fetching: Bool) throws -> FollowApplier.Report {
            let lock = try applier.syncState.lock()
            defer { withExtendedLifetime(lock) {} }
            if fetching { try applier.store.refresh() }
            return try applier.round(now: Date())
        }
    }

    /// The round for the user's `[sync]` and this machine's name.
    static func followRound() throws -> FollowRound {
        let config = try UserPresets.config()
        guard let settings = config.sync else { throw SyncError.notConfigured }
        let state = try state()
        return FollowRound(
            applier: FollowApplier(
                store: try SyncTransports.make(settings, state: state), syncState: state,
                machine: try SyncMachine.name(config), notify: config.defaults.notify))
    }
}
