#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RefocusCore
import RefocusProtocol

/// The caller's ended sessions as `FocusRecord`s, for stats, streaks, the
/// heatmap and the recap, from the helper.
enum FocusHistory {
    /// Every ended session of the caller that started at or after `since`
    /// (all when nil), oldest first.
    ///
    /// Through the helper's `focus` verb: no limit, focus computed by the
    /// helper from each session's timeline (a pomodoro session's work only),
    /// and the counts of what each session blocked (nil for sessions that
    /// ended before they were kept). Throws the helper's failure, or
    /// `FocusColumnsError` for an answer this build cannot read.
    static func records(since: Date?) throws -> [FocusRecord] {
        try read(since: since).records
    }

    /// `records(since:)` and, from the same answer, the caller's own use of
    /// their daily allowances per list and day since `since` (the helper
    /// keeps 60 days), oldest first: none from a helper older than them.
    static func read(since: Date?) throws -> (records: [FocusRecord], usedAllowances: [AllowanceUseDay]) {
        let response = try HelperClient().send(FocusRequest(since: since))
        guard let columns = response.focus else {
            throw FocusColumnsError("it has no 'focus' key")
        }
        return (try columns.records(), AllowanceUseColumns.days(response.usedAllowances ?? []))
    }
}
