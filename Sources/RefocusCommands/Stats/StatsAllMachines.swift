#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RefocusCore
import RefocusOS
import RefocusFeatures

/// `refocus stats --all-machines`: this machine's records with those the
/// other machines published in the sync store, as of the last sync (a
/// folder as its engine last brought it, a git remote as last fetched: no
/// network), each session counted once (`MachineFocusRecord.counted`).
struct StatsAllMachines {
    /// This machine's name in the store.
    let machine: String
    /// The store.
    let transport: any SyncStoreFiles
    /// Which local session each followed start became.
    let follow: FollowState

    /// The store as `[sync]` sets it up.
    ///
    /// - Throws: `SyncError.notConfigured` without `[sync]`, a bad machine name, a damaged follow state.
    init() throws {
        let config = try UserPresets.config()
        guard let settings = config.sync else { throw SyncError.notConfigured }
        machine = try SyncMachine.name(config)
        let state = try SyncSetup.state()
        transport = try SyncTransports.make(settings, state: state)
        follow = try FollowState.load(from: state)
    }

    /// What the stats count.
    struct Merged {
        /// Every session once, oldest first, with its machine.
        let records: [MachineFocusRecord]
        /// The other machines' files or lines skipped, one line each.
        let problems: [String]

        /// Focused time and sessions per machine, most focused first, then by name.
        var machines: [FocusGroup] {
            var groups: [String: FocusGroup] = [:]
            for record in records {
                groups[record.machine, default: FocusGroup(name: record.machine, focusedSeconds: 0, sessions: 0)]
                    .focusedSeconds += max(0, record.line.record.focusedSeconds)
                groups[record.machine]?.sessions += 1
            }
            return groups.values.sorted {
                $0.focusedSeconds != $1.focusedSeconds
                    ? $0.focusedSeconds > $1.focusedSeconds : ($0.name ?? "") < ($1.name ?? "")
            }
        }
    }

    /// `local` (this machine's records since `since`) with the other
    /// machines' sessions that started since then, of the months they publish.
    func merge(local: [FocusRecord], since: Date?, now: Date) throws -> Merged {
        let months = HistoryPublication.firstMonth(now: now)...HistoryMonth(containing: now).adding(months: 1)
        let others = OtherMachinesHistory(
            files: try transport.files(in: .history, limit: HistoryMonthFile.maximumBytes), machine: machine,
            months: months)
        let mine = local.map {
            MachineFocusRecord(
                machine: machine,
                line: SyncedFocusRecord(record: $0, intent: follow.intent(forLocalSession: $0.id)))
        }
        let theirs = others.records.filter { record in since.map { record.line.record.start >= $0 } ?? true }
        return Merged(records: MachineFocusRecord.counted(mine + theirs), problems: others.problems)
    }
}
