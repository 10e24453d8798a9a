#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RefocusCore
import RefocusProtocol

/// The rules for starting and stopping sessions, apart from any storage:
/// the helper reads the active sessions, asks these rules what to do, and
/// writes the answer.
///
/// A lock only tightens: while a session is locked, starting its lists
/// again may add entries and programs and move its end later, never remove
/// an entry, a program or time. Whatever one user starts stays within the
/// administrator's caps (`SessionRules+Limits`).
public enum SessionRules {
    /// What a start request does.
    public enum StartPlan: Sendable, Equatable {
        /// Store a new session.
        case create(Session)
        /// The same lists are already active for this owner (with the same
        /// pomodoro plan, or none): that session resumes if paused, a plain one
        /// is extended to the later end, and it stays locked if either was locked;
        /// it keeps the longer delay, and a stop or pause waiting on it is withdrawn.
        /// An unlocked session takes the lists' current contents, at once
        /// when they only tighten it or it has no delay, else what they add
        /// at once and what they take away after its delay (a pending
        /// `loosen`); a locked one keeps every entry and program it had and
        /// gains the new ones.
        /// Nothing piles up when a cron line starts the same lists every morning.
        case extend(Session)

        /// The session to store.
        public var session: Session {
            switch self {
            case .create(let session), .extend(let session): session
            }
        }
    }

    /// Plans `request` by `owner` at `clock`, given every owner's active
    /// sessions (already rebased onto `clock`'s wall clock: `SessionClock`),
    /// the addresses no session may block, and whether the resolver module
    /// is in force (without it, the /etc/hosts section's total is kept by refusing).
    /// An allowlist session keeps no programs (`listsStarted`); a list left
    /// with nothing to block or allow is refused.
    public static func start(
        _ request: StartRequest, owner: UInt32, clock: ClockReading, policy: Policy,
        active: [Session], protected: ProtectedAddresses,
        resolverModule: Bool = false
    ) throws(ProtocolFailure) -> StartPlan {
        let now = clock.wall
        do {
            try policy.sessionBounds.check(request.length)
        } catch {
            throw ProtocolFailure(code: .lengthOutOfBounds, message: error.description)
        }
        let lists = listsStarted(by: request)
        try checkEntries(lists, policy: policy, protected: protected)
        let end = now.addingTimeInterval(TimeInterval(request.length.seconds))
        // The session's loosening delay: its owner's, never under the policy's floor.
        let delay = max(request.delay ?? 0, policy.loosening.minimumDelay)
        let names = lists.map(\.name).sorted()
        let current = active.filter { $0.isActive(at: now) }
        let plan: StartPlan
        if var same = current.first(where: {
            $0.owner == owner && $0.mode == request.mode && $0.lists == names
                && $0.timeline.pomodoro == request.pomodoro
        }) {
            // Starting it again means blocking now: a paused session resumes. A plan keeps its own end.
            same = same.resumed(at: now)
            if same.timeline.pomodoro == nil { same.plannedEnd = max(same.plannedEnd, end) }
            // A lock only tightens: more blocked for a block list, less allowed for an allow list.
            let started = lists.sorted { $0.name < $1.name }
            let tightened =
                same.mode == .block ? union(same.blockLists, lists) : intersection(same.blockLists, lists)
            // Blocking now withdraws a stop, pause or loosening that waits; an emergency exit stays until withdrawn.
            if same.pending?.kind != .emergency { (same.pending, same.pendingLists) = (nil, nil) }
            same.delay = max(same.delay, delay)
            if same.locked {
                same.blockLists = tightened
            } else if same.delay > 0, tightened != started {
                // Unlocked with a delay: what the new contents add binds now, what they take away waits.
                same.blockLists = tightened
                same.pendingLists = started
                same.pending = PendingChange(
                    kind: .loosen, requestedAt: now, effectiveAt: now.addingTimeInterval(TimeInterval(same.delay)))
            } else {
                same.blockLists = started
            }
            // A locked session keeps its label; an unlocked one takes a new one when given.
            if !same.locked || same.label == nil { same.label = request.label ?? same.label }
            if same.locked || request.locked, same.pending?.kind == .loosen {
                // Locked now: nothing loosens before the end.
                (same.pending, same.pendingLists) = (nil, nil)
            }
            same.locked = same.locked || request.locked
            plan = .extend(same)
        } else {
            var session = Session(
                owner: owner, blockLists: lists, start: now, plannedEnd: end,
                locked: request.locked, anchor: clock.anchor, label: request.label,
                pomodoro: request.pomodoro, notify: request.notify, mode: request.mode)
            session.delay = delay
            plan = .create(session)
        }
        // Two allowlist sessions allow the union of their lists: beside a locked one, another would widen it.
        if request.mode == .allow,
            let locked = current.first(where: {
                $0.owner == owner && $0.mode == .allow && $0.locked && $0.id != plan.session.id
            })
        {
            throw ProtocolFailure(
                code: .sessionLocked,
                message:
                    "allowlist session \(locked.id ?? 0) (\(locked.lists.map(\.rawValue).joined(separator: ", "))) "
                    + "is locked: another allowlist session beside it would allow more; start the same "
                    + "lists again to narrow it, or wait until it ends")
        }
        let after = current.filter { plan.session.id == nil || $0.id != plan.session.id } + [plan.session]
        try checkLimits(after, owner: owner, policy: policy, resolverModule: resolverModule)
        return plan
    }

    /// The lists `request` starts: as sent for a block session; without their
    /// programs for an allowlist session, where programs have no meaning
    /// (only destinations are allowed; `programsIgnored(by:)` names the lists).
    public static func listsStarted(by request: StartRequest) -> [BlockList] {
        request.mode == .allow ? request.lists.map { BlockList(name: $0.name, entries: $0.entries) } : request.lists
    }

    /// The lists whose programs an allowlist `request` leaves unblocked; none for a block session.
    public static func programsIgnored(by request: StartRequest) -> [BlockListName] {
        request.mode == .allow ? request.lists.filter { !$0.programs.isEmpty }.map(\.name) : []
    }

    /// `kept` with everything of `added` joined to the list of the same name.
    static func union(_ kept: [BlockList], _ added: [BlockList]) -> [BlockList] {
        var byName = Dictionary(kept.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for list in added {
            byName[list.name, default: BlockList(name: list.name)].entries.formUnion(list.entries)
            byName[list.name, default: BlockList(name: list.name)].programs.formUnion(list.programs)
        }
        return byName.values.sorted { $0.name < $1.name }
    }

    /// The entries of `kept`'s lists that `offered` also has, list by list
    /// (no programs: an allow list has no meaning for them).
    static func intersection(_ kept: [BlockList], _ offered: [BlockList]) -> [BlockList] {
        let offeredByName = Dictionary(offered.map { ($0.name, $0.entries) }, uniquingKeysWith: { first, _ in first })
        return kept.map { BlockList(name: $0.name, entries: $0.entries.intersection(offeredByName[$0.name] ?? [])) }
    }
}
