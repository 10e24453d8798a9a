#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RefocusCore

/// The records `refocus stats` counts and the daily allowances' use it
/// shows, or why there are none: stats still print what they can when the
/// history cannot be read.
struct StatsHistory {
    /// The ended sessions, oldest first; empty when they could not be read.
    let records: [FocusRecord]
    /// The caller's use of their daily allowances per list and day, oldest
    /// first; empty when they have none or the history could not be read.
    var usedAllowances: [AllowanceUseDay] = []
    /// Why they could not be read, with what to do; nil when they were.
    let failure: StatsHistoryError?

    /// The caller's records and allowance use since `since` (all when nil) from `FocusHistory`,
    /// any failure caught: no helper, sudo refused, a damaged store, an answer not understood.
    static func read(since: Date?) -> StatsHistory {
        do {
            let answer = try FocusHistory.read(since: since)
            return StatsHistory(records: answer.records, usedAllowances: answer.usedAllowances, failure: nil)
        } catch let error as any RefocusError {
            return StatsHistory(
                records: [], failure: StatsHistoryError(reason: error.description, category: error.category))
        } catch {
            return StatsHistory(records: [], failure: StatsHistoryError(reason: "\(error)", category: .system))
        }
    }
}

/// Why the history behind the stats could not be read: one line, the
/// cause's own words (which name their fix) and its exit status.
struct StatsHistoryError: RefocusError, Equatable {
    /// The cause's message.
    let reason: String
    let category: ErrorCategory

    var description: String {
        "cannot read your history, so there are no stats to show: \(reason)"
            // The helper's refusals and a damaged store name their fix; a helper that fails or answers
            // what this refocus cannot read is most often one of another version.
            + (category == .system
                ? "; if it persists, reinstall ReFocus ('sudo make install') so that refocus and "
                    + "its helper are of one version" : "")
    }
}
