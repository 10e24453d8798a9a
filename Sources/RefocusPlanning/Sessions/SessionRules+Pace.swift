#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RefocusCore
import RefocusProtocol

/// The rules for changing how a session's time runs: `refocus next`,
/// `pause` and `resume`. Each acts on the owner's own active sessions,
/// and none weakens a lock: a locked session is never paused, and a locked
/// pomodoro session skips only its breaks (back to work sooner). A pause
/// of a session with a delay waits for it (a pending change the daemon
/// applies); resuming and skipping are immediate.
extension SessionRules {
    /// The sessions `request` changes, as they are to be stored.
    public static func pace(
        _ request: PaceRequest, owner: UInt32, now: Date,
        active: [Session]
    ) throws(ProtocolFailure) -> [Session] {
        let mine = active.filter { $0.owner == owner && $0.isActive(at: now) }
        let chosen: [Session]
        if let id = request.sessionID {
            guard let session = mine.first(where: { $0.id == id }) else {
                throw ProtocolFailure(
                    code: .notFound, message: "you have no active session \(id); see 'refocus status'")
            }
            chosen = [session]
        } else {
            chosen = try candidates(request.change, mine)
        }
        return try chosen.map { session throws(ProtocolFailure) in try change(session, request.change, now: now) }
    }

    /// The sessions a change without an id applies to: every one it can
    /// apply to (pause, resume), or the one pomodoro session (next).
    private static func candidates(_ change: PaceChange, _ mine: [Session]) throws(ProtocolFailure) -> [Session] {
        switch change {
        case .next:
            let plans = mine.filter { $0.timeline.pomodoro != nil }
            guard plans.count <= 1 else {
                throw ProtocolFailure(
                    code: .notFound,
                    message: "you have \(plans.count) pomodoro sessions; name one: "
                        + "refocus next ID (see 'refocus status')")
            }
            guard let session = plans.first else {
                throw ProtocolFailure(
                    code: .notFound,
                    message: "you have no pomodoro session; start one with "
                        + "'refocus start --pomodoro --list NAME'")
            }
            return [session]
        case .pause:
            let running = mine.filter { !$0.isPaused }
            guard !running.isEmpty else {
                throw ProtocolFailure(
                    code: .notFound,
                    message: mine.isEmpty
                        ? "you have no active session to pause"
                        : "your sessions are paused already; 'refocus resume' resumes them")
            }
            let unlocked = running.filter { !$0.locked }
            if unlocked.isEmpty, let session = running.first { throw lockedPause(session) }
            return unlocked
        case .resume:
            let paused = mine.filter { $0.isPaused || $0.pending?.kind == .pause }
            guard !paused.isEmpty else { throw ProtocolFailure(code: .notFound, message: "you have no paused session") }
            return paused
        }
    }

    private static func change(_ session: Session, _ change: PaceChange, now: Date) throws(ProtocolFailure) -> Session {
        let id = session.id ?? 0
        switch change {
        case .pause:
            if session.locked { throw lockedPause(session) }
            guard !session.isPaused else {
                throw ProtocolFailure(
                    code: .notFound, message: "session \(id) is paused already; 'refocus resume' resumes it")
            }
            guard session.delay > 0 else { return session.paused(at: now) }
            // With a delay the pause waits for it; one already waiting, or a stop, is left as it is (a
            // loosening of its lists gives way: a pause lifts them all).
            guard session.pending == nil || session.pending?.kind == .loosen else { return session }
            var waiting = session
            waiting.pendingLists = nil
            waiting.pending = PendingChange(
                kind: .pause, requestedAt: now, effectiveAt: now.addingTimeInterval(TimeInterval(session.delay)))
            return waiting
        case .resume:
            if !session.isPaused, session.pending?.kind == .pause {
                // Resuming before a pause applies withdraws it: tightening is immediate.
                var running = session
                running.pending = nil
                return running
            }
            guard session.isPaused else {
                throw ProtocolFailure(code: .notFound, message: "session \(id) is not paused")
            }
            return session.resumed(at: now)
        case .next:
            guard session.timeline.pomodoro != nil else {
                throw ProtocolFailure(
                    code: .notFound,
                    message: "session \(id) has no phases: 'refocus next' skips a "
                        + "pomodoro session's phase")
            }
            guard let phase = session.phase(at: now) else { return session }
            // A paused session's phase is frozen at its pause: what is left is counted from there.
            let from = session.timeline.pausedAt ?? now
            if session.locked && phase.kind == .work {
                let left = EndTime.length(until: session.end(of: phase), from: from)
                throw ProtocolFailure(
                    code: .sessionLocked,
                    message: "session \(id) is locked: its work phase "
                        + "\(phase.cycle) cannot be skipped (\(left) left); its breaks can")
            }
            // The rest of the phase is skipped: the plan, and so its end, move that much earlier.
            var skipped = session
            skipped.plannedEnd = session.plannedEnd.addingTimeInterval(-session.end(of: phase).timeIntervalSince(from))
            return skipped
        }
    }

    private static func lockedPause(_ session: Session) -> ProtocolFailure {
        ProtocolFailure(code: .sessionLocked, message: "session \(session.id ?? 0) is locked: it cannot be paused")
    }
}
