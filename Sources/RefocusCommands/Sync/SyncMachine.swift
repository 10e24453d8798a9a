import RefocusCore
import RefocusFeatures

/// This machine's name in the sync store: `machine` of `[sync]`, else its
/// host name when that is a plain name (`SessionIntent.isMachineName`).
enum SyncMachine {
    /// The name for `config`.
    ///
    /// - Throws: `SyncMachineUnnamed` when neither gives a plain name.
    static func name(_ config: UserConfig) throws -> String {
        if let name = config.syncMachine { return name }
        let host = ListSync.hostName()
        guard SessionIntent.isMachineName(host) else { throw SyncMachineUnnamed(host: host) }
        return host
    }
}

/// The host name cannot name a folder of the sync store, and `[sync]` names none.
struct SyncMachineUnnamed: RefocusError {
    let host: String
    var category: ErrorCategory { .configuration }
    var description: String {
        "this machine's host name '\(host)' cannot name it in the sync store; "
            + "name it with 'refocus sync init --dir PATH --machine NAME' (or --git URL)"
    }
}
