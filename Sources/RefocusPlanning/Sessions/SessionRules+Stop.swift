#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RefocusCore
import RefocusProtocol

/// The rules for ending sessions (`refocus stop`): a session without a
/// delay ends at once; one with a delay gets a pending stop and keeps
/// blocking until it applies; a locked session is refused, unless its
/// owner takes the emergency exit the policy allows (`EmergencyAllowance`),
/// which waits the policy's `emergency_delay`; and a pending change can be
/// withdrawn. Stopping again, or taking the exit again, while one waits
/// changes nothing: its time is never reset.
extension SessionRules {
    /// What a stop request does.
    public struct StopPlan: Sendable, Equatable {
        /// The sessions that end now, as stopped.
        public var ended: [Session]
        /// The sessions whose pending change was set, kept or withdrawn, as they are to be stored.
        public var changed: [Session]

        /// A plan.
        public init(ended: [Session] = [], changed: [Session] = []) {
            self.ended = ended
            self.changed = changed
        }
    }

    /// Plans `request` by `owner` at `now` over every owner's active sessions;
    /// `allowance` says whether an emergency exit is possible (none, unless told).
    public static func stop(
        _ request: StopRequest, owner: UInt32, now: Date,
        active: [Session], allowance: EmergencyAllowance = .closed
    ) throws(ProtocolFailure) -> StopPlan {
        let mine = active.filter { $0.owner == owner && $0.isActive(at: now) }
        if request.cancel { return StopPlan(changed: try withdraw(request.sessionID, mine)) }
        if let reason = request.emergency {
            return StopPlan(
                changed: [try emergencyExit(request.sessionID, reason, mine, now: now, allowance: allowance)])
        }
        let chosen: [Session]
        if let id = request.sessionID {
            let session = try named(id, in: mine)
            if session.locked { throw lockedFailure(session, mine, now: now, allowance: allowance) }
            chosen = [session]
        } else {
            guard !mine.isEmpty else {
                throw ProtocolFailure(code: .notFound, message: "you have no active session to stop")
            }
            let unlocked = mine.filter { !$0.locked }
            if unlocked.isEmpty, let soonest = mine.min(by: { $0.plannedEnd < $1.plannedEnd }) {
                throw lockedFailure(soonest, mine, now: now, allowance: allowance)
            }
            chosen = unlocked
        }
        var plan = StopPlan()
        for session in chosen {
            if session.delay == 0 {
                plan.ended.append(session)
            } else if session.pending?.kind == .stop {
                plan.changed.append(session)
            } else {
                var waiting = session
                waiting.pending = PendingChange(
                    kind: .stop, requestedAt: now, effectiveAt: now.addingTimeInterval(TimeInterval(session.delay)))
                plan.changed.append(waiting)
            }
        }
        return plan
    }

    /// The owner's active session `id`.
    static func named(_ id: Int64, in mine: [Session]) throws(ProtocolFailure) -> Session {
        guard let session = mine.first(where: { $0.id == id }) else {
            throw ProtocolFailure(code: .notFound, message: "you have no active session \(id); see 'refocus status'")
        }
        return session
    }

    /// The locked session the exit is for, with the exit pending: the one
    /// named, or the owner's only locked session.
    private static func emergencyExit(
        _ id: Int64?, _ reason: EmergencyReason, _ mine: [Session], now: Date, allowance: EmergencyAllowance
    ) throws(ProtocolFailure) -> Session {
        let session: Session
        if let id {
            session = try named(id, in: mine)
            guard session.locked else {
                throw ProtocolFailure(code: .badRequest, message: "session \(id) is not locked: 'refocus stop' ends it")
            }
        } else {
            let locked = mine.filter(\.locked)
            guard let only = locked.first else {
                throw ProtocolFailure(
                    code: .notFound, message: "you have no locked session; 'refocus stop' ends unlocked ones")
            }
            guard locked.count == 1 else {
                throw ProtocolFailure(
                    code: .notFound,
                    message: "you have \(locked.count) locked sessions; name one: refocus stop --emergency ID "
                        + "(see 'refocus status')")
            }
            session = only
        }
        if session.pending?.kind == .emergency { return session }
        if let refusal = allowance.refusal(mine, at: now) { throw refusal }
        var exiting = session
        exiting.pending = PendingChange(
            kind: .emergency, requestedAt: now,
            effectiveAt: now.addingTimeInterval(TimeInterval(allowance.choices.emergencyDelay)), reason: reason)
        return exiting
    }

    /// The sessions whose pending change is withdrawn: the one named, or every one of the owner's.
    private static func withdraw(_ id: Int64?, _ mine: [Session]) throws(ProtocolFailure) -> [Session] {
        let chosen = try id.map { id throws(ProtocolFailure) in [try named(id, in: mine)] } ?? mine
        let waiting = chosen.filter { $0.pending != nil }
        guard !waiting.isEmpty else {
            throw ProtocolFailure(
                code: .notFound,
                message: id.map { "session \($0) has no pending change to withdraw" }
                    ?? "you have no pending change to withdraw")
        }
        return waiting.map { session in
            var kept = session
            kept.pending = nil
            return kept
        }
    }

    private static func lockedFailure(
        _ session: Session, _ mine: [Session], now: Date, allowance: EmergencyAllowance
    ) -> ProtocolFailure {
        let left = EndTime.length(until: session.plannedEnd, from: now)
        let exit =
            allowance.allowsAnother(mine, at: now) ? "; an emergency exit is possible: refocus stop --emergency" : ""
        return ProtocolFailure(
            code: .sessionLocked,
            message: "session \(session.id ?? 0) (\(session.lists.map(\.rawValue).joined(separator: ", "))) "
                + "is locked until it ends, in \(left); it cannot be stopped\(exit)")
    }
}
