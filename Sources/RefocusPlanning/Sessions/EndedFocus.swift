#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RefocusCore

/// What an ended session focused, from its times alone: its run less its
/// pauses, or for a pomodoro session the work it did (its completed work
/// phases and the part of the one it ended in), and the work phases it
/// completed. `Session.focusRecord` and the store's read for stats share
/// it; the read takes it straight from a row's columns, without a
/// `Session` per row.
public struct EndedFocus: Equatable, Sendable {
    /// The seconds its blocks were in force, rounded.
    public let seconds: Int
    /// The work phases it ran to their end; nil without a plan.
    public let completedWork: Int?

    /// The focus of a session that ran from `start` to `endedAt`, planned to
    /// end at `plannedEnd`, paused `pausedSeconds` in all (and at `pausedAt`
    /// when it ended paused), with `pomodoro` as its plan.
    public init(
        start: Date, plannedEnd: Date, endedAt: Date, pausedAt: Date?, pausedSeconds: Double,
        pomodoro: PomodoroPlan?
    ) {
        let run = max(0, endedAt.timeIntervalSince(start) - pausedSeconds)
        guard let plan = pomodoro else {
            seconds = Int(run.rounded())
            completedWork = nil
            return
        }
        // Where in the plan it stopped: at its pause when it ended paused, else at its end.
        let elapsed = plan.elapsed(endingAt: plannedEnd, at: pausedAt ?? endedAt)
        var focused = 0.0
        var completed = 0
        for phase in plan.phases where phase.kind == .work {
            focused += max(0, min(elapsed, Double(phase.end)) - Double(phase.start))
            if Double(phase.end) <= elapsed { completed += 1 }
        }
        seconds = Int(min(focused, run).rounded())
        completedWork = completed
    }
}
