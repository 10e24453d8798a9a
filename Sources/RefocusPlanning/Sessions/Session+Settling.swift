#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RefocusCore

/// How a session ends or pauses without a request: at its planned end, or
/// when a pending change's time comes (`PendingChange`), whichever is first.
extension Session {
    /// The session ended at `time` with `outcome`, keeping its summary only;
    /// a pending stop or emergency exit that ended it stays as its record,
    /// any other pending change is dropped.
    public func ended(at time: Date, outcome: SessionOutcome) -> Session {
        var ended = resumed(at: time).compacted
        ended.endedAt = time
        ended.outcome = outcome
        let record: PendingChange.Kind? =
            switch outcome {
            case .stopped: .stop
            case .emergency: .emergency
            case .completed, .cleared: nil
            }
        if pending?.kind != record || record == nil { ended.pending = nil }
        ended.pendingLists = nil
        return ended
    }

    /// The session as it is to be stored once what was due by `now` happened,
    /// or nil when nothing was: a pending change whose time came before its
    /// planned end (or while paused) applies at that time (a stop or an
    /// emergency exit ends it, a pause pauses it); else a session whose
    /// planned end passed, not paused, completes at its planned end.
    public func settled(at now: Date) -> Session? {
        guard endedAt == nil else { return nil }
        if let change = pending, change.effectiveAt <= now, isPaused || change.effectiveAt < plannedEnd {
            switch change.kind {
            case .stop: return ended(at: change.effectiveAt, outcome: .stopped)
            case .emergency: return ended(at: change.effectiveAt, outcome: .emergency)
            case .pause:
                var paused = isPaused ? self : self.paused(at: change.effectiveAt)
                paused.pending = nil
                paused.pendingLists = nil
                return paused
            case .loosen:
                var loosened = self
                loosened.blockLists = pendingLists ?? blockLists
                loosened.pending = nil
                loosened.pendingLists = nil
                return loosened
            }
        }
        guard !isPaused, plannedEnd <= now else { return nil }
        var completed = compacted
        completed.endedAt = plannedEnd
        completed.outcome = .completed
        completed.pending = nil
        return completed
    }
}
