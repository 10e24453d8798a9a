#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RefocusCore

/// The caller's ended sessions as `FocusRecord`s, for stats, streaks, the
/// heatmap and the recap, from the helper.
enum FocusHistory {
    /// Every ended session of the caller that started at or after `since`
    /// (all when nil), oldest first.
    ///
    /// For now through the `history` verb, up to its limit of
    /// `HelperProtocol.maximumHistory` sessions, with focus taken as the run
    /// less its pauses.
    static func records(since: Date?) throws -> [FocusRecord] {
        let response = try HelperClient().send(HistoryRequest(limit: HelperProtocol.maximumHistory, since: since))
        return response.sessions.compactMap { session -> FocusRecord? in
            guard let end = session.endedAt, let outcome = session.outcome else { return nil }
            let paused = Double(session.progress.pause?.seconds ?? 0)
            let focused = max(0, end.timeIntervalSince(session.start) - paused)
            return FocusRecord(id: session.id, start: session.start, end: end, focusedSeconds: Int(focused.rounded()),
                               outcome: outcome, lists: session.lists, label: session.label,
                               completedWork: session.progress.completedWork)
        }.reversed()
    }
}
