#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RefocusCore

/// Keeps sessions on real elapsed time when the wall clock moves.
///
/// Sessions are stored with wall-clock times, and every rule compares them
/// with the wall clock. Before any rule runs, `rebased` moves a session's
/// planned end by however far the wall clock has drifted from the boot-time
/// clock since the session's anchor: set forward an hour, and the end moves
/// an hour later, so the session is not shortened; set back, and it moves
/// earlier, so it is not lengthened. A pomodoro session's phases follow
/// the planned end, and a pause's start and a pending change (its request
/// and its time) move with it. After a reboot the boot-time clock
/// restarts, so a session of an earlier boot keeps its wall-clock end (it
/// may have ended while the machine was off) and is anchored anew.
public enum SessionClock {
    /// Drift below this is left alone, so that clock slewing does not
    /// rewrite the store on every run.
    public static let tolerance: Duration = .seconds(1)

    /// Where `session`'s clock says it is at `reading`: the anchor's wall
    /// time plus the boot-time clock's advance since; the wall clock itself
    /// for a session of another boot or without an anchor.
    public static func sessionTime(_ session: Session, at reading: ClockReading) -> Date {
        guard let anchor = session.anchor, anchor.bootID == reading.bootID else { return reading.wall }
        return anchor.wall.addingTimeInterval((reading.sinceBoot - anchor.sinceBoot).timeInterval)
    }

    /// `session` brought onto the wall clock of `reading`, or nil when it
    /// needs no change: an open session of another boot (or none recorded)
    /// gets this boot's anchor; one of this boot whose wall clock drifted by
    /// at least `tolerance` has its planned end moved by the drift and is
    /// anchored anew. Ended sessions are history and never change.
    public static func rebased(_ session: Session, at reading: ClockReading) -> Session? {
        guard session.endedAt == nil, !reading.bootID.isEmpty else { return nil }
        var rebased = session
        rebased.anchor = reading.anchor
        guard let anchor = session.anchor, anchor.bootID == reading.bootID else { return rebased }
        let drift = reading.wall.timeIntervalSince(sessionTime(session, at: reading))
        guard abs(drift) >= tolerance.timeInterval else { return nil }
        rebased.plannedEnd = session.plannedEnd.addingTimeInterval(drift)
        // A pause's start moves too, so that resuming adds only the real time paused.
        rebased.timeline.pausedAt = session.timeline.pausedAt?.addingTimeInterval(drift)
        // So does a pending change, so that setting the clock does not shorten its wait.
        rebased.pending = session.pending.map {
            PendingChange(
                kind: $0.kind, requestedAt: $0.requestedAt.addingTimeInterval(drift),
                effectiveAt: $0.effectiveAt.addingTimeInterval(drift), reason: $0.reason)
        }
        return rebased
    }
}

extension Duration {
    /// The duration in seconds, as Foundation's time interval.
    public var timeInterval: TimeInterval {
        let (seconds, attoseconds) = components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}
