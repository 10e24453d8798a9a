#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RefocusCore
import RefocusOS
import RefocusFeatures

/// `--all-machines` of `refocus stats` and `refocus history`: this
/// machine's sessions with those the other machines published in the sync
/// store, as of the last sync (a folder as its engine last brought it, a
/// git remote as last fetched: no network), each session counted once
/// (`MachineFocusRecord.counted`).
struct AllMachinesHistory {
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

    /// The other machines' sessions that started since `since` (all when
    /// nil), of the months they publish, in the order of their files, and
    /// what of their files was skipped.
    func others(since: Date?, now: Date) throws -> OtherMachinesHistory {
        let months = HistoryPublication.firstMonth(now: now)...HistoryMonth(containing: now).adding(months: 1)
        var others = OtherMachinesHistory(
            files: try transport.files(
                in: .history, limit: HistoryMonthFile.maximumBytes,
                skipping: SyncStoreSkip(
                    machine: machine,
                    unwanted: { name in HistoryMonth(fileName: name).map { !months.contains($0) } ?? true })),
            machine: machine,
            months: months)
        others.records.removeAll { record in since.map { record.line.record.start < $0 } ?? false }
        return others
    }

    /// `local` (this machine's records since `since`) with the other
    /// machines' sessions that started since then.
    func merge(local: [FocusRecord], since: Date?, now: Date) throws -> Merged {
        let others = try others(since: since, now: now)
        let mine = local.map {
            MachineFocusRecord(
                machine: machine,
                line: SyncedFocusRecord(record: $0, intent: follow.intent(forLocalSession: $0.id)))
        }
        return Merged(records: MachineFocusRecord.counted(mine + others.records), problems: others.problems)
    }
}
