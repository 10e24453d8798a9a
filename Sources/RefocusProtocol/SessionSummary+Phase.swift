#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RefocusCore

/// A summary's pomodoro phase at any moment, worked out from its plan, its
/// planned end and its pause by the same formula as the helper's
/// (`PomodoroPlan.status(endingAt:at:)`, which `Session.phaseStatus` uses):
/// a status file written a while ago still shows the phase of now.
extension SessionSummary {
    /// How far into its plan it is at `now`, in seconds (frozen while
    /// paused, and once ended); nil without a plan.
    private func planElapsed(at now: Date) -> Double? {
        progress.pomodoro?.elapsed(endingAt: plannedEnd, at: progress.pause?.pausedAt ?? endedAt ?? now)
    }

    /// Its phase at `now`; nil without a plan or outside it.
    public func phase(at now: Date) -> PhaseStatus? {
        progress.pomodoro?.status(endingAt: plannedEnd, at: progress.pause?.pausedAt ?? endedAt ?? now)
    }

    /// Its progress with the phase and the completed work phases of `now`.
    public func progress(at now: Date) -> SessionProgress {
        var progress = self.progress
        progress.phase = phase(at: now)
        if let plan = progress.pomodoro, let elapsed = planElapsed(at: now) {
            progress.completedWork = plan.completedWork(at: elapsed)
        }
        return progress
    }
}
