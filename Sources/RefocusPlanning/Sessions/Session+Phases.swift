#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RefocusCore

/// Pomodoro phases and pauses: what a session enforces at a moment, and
/// when that changes next (see `SessionTimeline`).
extension Session {
    /// Whether it is paused.
    public var isPaused: Bool { timeline.pausedAt != nil }

    /// The moment its plan's position is taken at: the pause while paused,
    /// the end once ended, else `now`.
    private func frozen(_ now: Date) -> Date {
        timeline.pausedAt ?? endedAt ?? now
    }

    /// How far into its pomodoro plan it is at `now`, in seconds; nil
    /// without a plan.
    public func planElapsed(at now: Date) -> Double? {
        timeline.pomodoro?.elapsed(endingAt: plannedEnd, at: frozen(now))
    }

    /// Its pomodoro phase at `now`; nil without a plan or outside it.
    public func phase(at now: Date) -> PomodoroPhase? {
        guard let plan = timeline.pomodoro, let elapsed = planElapsed(at: now) else { return nil }
        return plan.phase(at: elapsed)
    }

    /// When `phase` ends, on the wall clock.
    public func end(of phase: PomodoroPhase) -> Date {
        plannedEnd.addingTimeInterval(-Double((timeline.pomodoro?.total ?? phase.end) - phase.end))
    }

    /// Whether its blocks are in force at `now`: active, not paused, and
    /// not in a break.
    public func enforces(at now: Date) -> Bool {
        isActive(at: now) && !isPaused && phase(at: now)?.kind.isBreak != true
    }

    /// When what it enforces next changes after `now`: its phase's end, its
    /// own end, or its pending change's time, whichever comes first; nil
    /// when it is ended, or paused with nothing pending (only a request
    /// changes a paused session).
    public func nextChange(after now: Date) -> Date? {
        guard isActive(at: now) else { return nil }
        guard !isPaused else { return pending?.effectiveAt }
        let own = phase(at: now).map(end(of:)) ?? plannedEnd
        return pending.map { min($0.effectiveAt, own) } ?? own
    }

    /// The work phases it ran to their end by `now` (an ended session's by its end).
    public func completedWork(at now: Date) -> Int? {
        guard let plan = timeline.pomodoro, let elapsed = planElapsed(at: now) else { return nil }
        return plan.completedWork(at: elapsed)
    }

    /// Its phase at `now` as reports show it.
    public func phaseStatus(at now: Date) -> PhaseStatus? {
        timeline.pomodoro?.status(endingAt: plannedEnd, at: frozen(now))
    }

    /// Paused at `now`: its blocks are lifted and its time frozen.
    public func paused(at now: Date) -> Session {
        var copy = self
        copy.timeline.pausedAt = now
        copy.timeline.pauses += 1
        return copy
    }

    /// Resumed at `now`: its end moves later by the time it was paused.
    public func resumed(at now: Date) -> Session {
        guard let pausedAt = timeline.pausedAt else { return self }
        var copy = self
        let paused = max(0, now.timeIntervalSince(pausedAt))
        copy.plannedEnd = plannedEnd.addingTimeInterval(paused)
        copy.timeline.pausedSeconds += paused
        copy.timeline.pausedAt = nil
        return copy
    }
}
