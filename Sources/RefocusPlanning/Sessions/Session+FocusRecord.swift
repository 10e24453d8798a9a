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
        let run = max(0, endedAt.timeIntervalSince(start) - timeline.pausedSeconds)
        var focused = run
        if let plan = timeline.pomodoro, let elapsed = planElapsed(at: endedAt) {
            focused = plan.phases.filter { $0.kind == .work }.reduce(0) { total, phase in
                total + max(0, min(elapsed, Double(phase.end)) - Double(phase.start))
            }
            focused = min(focused, run)
        }
        return FocusRecord(
            id: id ?? 0, start: start, end: endedAt, focusedSeconds: Int(focused.rounded()),
            outcome: outcome, lists: lists, label: label, completedWork: completedWork(at: endedAt),
            blocked: blocked)
    }
}
