#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RefocusCore
import RefocusOS
import RefocusFeatures

/// The history step of `refocus sync`, after the lists: this machine's
/// ended sessions of the last `HistoryPublication.publishedMonths` months,
/// from the helper, published as `history/MACHINE/YYYY-MM.jsonl`, only the
/// months whose file changed since the last sync (`history-published` in
/// the sync state), under the sync lock.
enum SyncHistory {
    /// What the step did.
    struct Outcome {
        /// The files written or removed, by path in the store.
        var published: [String] = []
        /// Months or sessions left out, and why.
        var problems: [String] = []
    }

    /// Publishes what changed.
    ///
    /// - Throws: the helper's failure (the history cannot be read), a bad
    ///   `[sync] machine`, the transport's failure to publish; nothing is
    ///   recorded as published then.
    static func publish() throws -> Outcome {
        let config = try UserPresets.config()
        guard let settings = config.sync else { throw SyncError.notConfigured }
        let machine = try SyncMachine.name(config)
        let state = try SyncSetup.state()
        let now = Date()
        let records = try FocusHistory.records(since: HistoryPublication.firstMonth(now: now).start)
        let lock = try state.lock()
        defer { withExtendedLifetime(lock) {} }
        let follow = try FollowState.load(from: state)
        let lines = records.map {
            SyncedFocusRecord(publishing: $0, intent: follow.intent(forLocalSession: $0.id))
        }
        let plan = try HistoryPublication(
            records: lines, machine: machine, now: now,
            before: try state.publishedHistory().to(target(settings, machine: machine)))
        if !plan.files.isEmpty {
            try SyncTransports.make(settings, state: state).publish(plan.files, message: "History of \(machine)")
            try state.savePublishedHistory(plan.published)
        }
        return Outcome(published: plan.files.keys.sorted(), problems: plan.refused + plan.skipped)
    }

    /// The store and the name this machine publishes under: when either changes, every month is published again.
    private static func target(_ settings: SyncSettings, machine: String) -> String {
        let store =
            switch settings {
            case .folder(let path): "dir \(path)"
            case .git(let url, let branch): "git \(url) \(branch ?? "")"
            }
        return "\(machine) \(store)"
    }
}
