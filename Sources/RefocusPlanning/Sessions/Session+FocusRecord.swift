#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RefocusCore

extension Session {
    /// The record of an ended session; nil while it runs. Focus is its run
    /// less its pauses, or for a pomodoro session the work it did: its
    /// completed work phases and the part of the one it ended in.
    public func focusRecord(blocked: BlockedCounts? = nil) -> FocusRecord? {
        guard let endedAt, let outcome else { return nil }
        let focus = EndedFocus(
            start: start, plannedEnd: plannedEnd, endedAt: endedAt, pausedAt: timeline.pausedAt,
            pausedSeconds: timeline.pausedSeconds, pomodoro: timeline.pomodoro)
        return FocusRecord(
            id: id ?? 0, start: start, end: endedAt, focusedSeconds: focus.seconds,
            outcome: outcome, lists: lists, label: label, completedWork: focus.completedWork,
            blocked: blocked)
    }
}
