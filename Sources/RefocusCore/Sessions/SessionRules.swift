#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The rules for starting and stopping sessions, apart from any storage:
/// the helper reads the caller's active sessions, asks these rules what to
/// do, and writes the answer.
public enum SessionRules {
    /// What a start request does.
    public enum StartPlan: Sendable, Equatable {
        /// Store a new session.
        case create(Session)
        /// The same lists are already active for this owner: that session is
        /// extended to the later end, takes the lists' current contents, and
        /// stays locked if either was locked. Nothing piles up when a cron
        /// line starts the same lists every morning.
        case extend(Session)
    }

    /// Plans `request` by `owner` at `clock`, given the owner's active
    /// sessions (already rebased onto `clock`'s wall clock: `SessionClock`).
    public static func start(_ request: StartRequest, owner: UInt32, clock: ClockReading, policy: Policy,
                             active: [Session]) throws(ProtocolFailure) -> StartPlan {
        let now = clock.wall
        do {
            try policy.sessionBounds.check(request.length)
        } catch {
            throw ProtocolFailure(code: .lengthOutOfBounds, message: error.description)
        }
        let forbidden = request.lists.flatMap(\.entries).compactMap(\.domain).filter(policy.forbids)
        if let first = forbidden.min() {
            throw ProtocolFailure(code: .badRequest,
                                  message: "\(first) may not be blocked on this machine (never_block in the "
                                      + "administrator's policy); remove it from the list")
        }
        let end = now.addingTimeInterval(TimeInterval(request.length.seconds))
        let names = request.lists.map(\.name).sorted()
        if var same = active.first(where: { $0.owner == owner && $0.lists == names && $0.isActive(at: now) }) {
            same.plannedEnd = max(same.plannedEnd, end)
            same.blockLists = request.lists.sorted { $0.name < $1.name }
            same.locked = same.locked || request.locked
            return .extend(same)
        }
        return .create(Session(owner: owner, blockLists: request.lists, start: now, plannedEnd: end,
                               locked: request.locked, anchor: clock.anchor))
    }

    /// The sessions a stop request ends: the one named (which must be the
    /// owner's and unlocked), or every unlocked active session of the owner.
    public static func stop(_ request: StopRequest, owner: UInt32, now: Date,
                            active: [Session]) throws(ProtocolFailure) -> [Session] {
        let mine = active.filter { $0.owner == owner && $0.isActive(at: now) }
        if let id = request.sessionID {
            guard let session = mine.first(where: { $0.id == id }) else {
                throw ProtocolFailure(code: .notFound,
                                      message: "you have no active session \(id); see 'refocus status'")
            }
            if session.locked { throw lockedFailure(session, now: now) }
            return [session]
        }
        guard !mine.isEmpty else {
            throw ProtocolFailure(code: .notFound, message: "you have no active session to stop")
        }
        let unlocked = mine.filter { !$0.locked }
        if unlocked.isEmpty, let soonest = mine.min(by: { $0.plannedEnd < $1.plannedEnd }) {
            throw lockedFailure(soonest, now: now)
        }
        return unlocked
    }

    private static func lockedFailure(_ session: Session, now: Date) -> ProtocolFailure {
        let left = EndTime.length(until: session.plannedEnd, from: now)
        return ProtocolFailure(code: .sessionLocked,
                               message: "session \(session.id ?? 0) (\(session.lists.map(\.rawValue).joined(separator: ", "))) "
                                   + "is locked until it ends, in \(left); it cannot be stopped")
    }
}
