import Dispatch
import RefocusCore
import Synchronization

/// The administrator's schedules' login names and groups as uids, looked
/// up once per reload (and again when older than `maximumAge`, so that a
/// user added to a group is seen) rather than at every reconcile: a group
/// walks the whole password database, and a directory service (LDAP) may
/// answer slowly or never. Each lookup runs on a worker thread within
/// `deadline`; past it the previous answer is kept (a lookup cannot be
/// interrupted: the worker is left to finish, and no other starts while it
/// is out). `targets` answers from the table in memory, at once.
public final class ScheduleTargetsCache: Sendable {
    /// How long a refresh waits for the lookups.
    public static let deadline: Duration = .seconds(2)
    /// How old the table may grow before a reconcile refreshes it.
    public static let maximumAge: Duration = .seconds(5 * 60)

    /// What a refresh came to.
    public enum Refresh: Equatable, Sendable {
        /// The table holds the new answers.
        case resolved
        /// The lookups did not answer within the deadline: the previous table is kept.
        case late
        /// A worker from an earlier refresh has not returned yet: the previous table is kept.
        case busy
    }

    /// The answers in memory, and what is going on.
    private struct State {
        var uids: [String: UInt32] = [:]
        var members: [String: [UInt32]] = [:]
        /// Whether a worker is still looking up.
        var workerOut = false
        /// When the last refresh started (`ClockReading.sinceBoot`); nil before the first.
        var refreshedAt: Duration?
    }

    private let lookup: ScheduleTargets
    private let deadline: Duration
    private let state = Mutex(State())

    /// A cache over `lookup` (`ScheduleTargets.system`, or a test's), empty until the first refresh.
    public init(lookup: ScheduleTargets = .system, deadline: Duration = deadline) {
        self.lookup = lookup
        self.deadline = deadline
    }

    /// The uids of the table: a name the last refresh did not find (or did not ask) reaches nobody.
    public var targets: ScheduleTargets {
        ScheduleTargets(
            uid: { name in self.state.withLock { $0.uids[name] } },
            members: { name in self.state.withLock { $0.members[name] ?? [] } })
    }

    /// Looks `users` and `groups` up on a worker, waiting at most the deadline.
    public func refresh(users: [String], groups: [String], sinceBoot: Duration) -> Refresh {
        let started = state.withLock { state -> Bool in
            guard !state.workerOut else { return false }
            (state.workerOut, state.refreshedAt) = (true, sinceBoot)
            return true
        }
        guard started else { return .busy }
        let done = DispatchSemaphore(value: 0)
        let answers = Mutex<(uids: [String: UInt32], members: [String: [UInt32]])?>(nil)
        let lookup = self.lookup
        DispatchQueue.global().async {
            var uids: [String: UInt32] = [:]
            for user in Set(users) { uids[user] = lookup.uid(user) }
            var members: [String: [UInt32]] = [:]
            for group in Set(groups) { members[group] = lookup.members(group) }
            answers.withLock { $0 = (uids, members) }
            self.state.withLock { $0.workerOut = false }
            done.signal()
        }
        let milliseconds = Int(clamping: deadline.roundedUpMilliseconds)
        guard done.wait(timeout: .now() + .milliseconds(milliseconds)) == .success,
            let found = answers.withLock({ $0 })
        else { return .late }
        state.withLock { ($0.uids, $0.members) = found }
        return .resolved
    }

    /// Makes the next `refreshIfStale` refresh (the schedules were read again).
    public func expire() {
        state.withLock { $0.refreshedAt = nil }
    }

    /// `refresh` when the table is older than `maximumAge` (or was never
    /// made); nil when it is fresh enough.
    public func refreshIfStale(users: [String], groups: [String], sinceBoot: Duration) -> Refresh? {
        let last = state.withLock { $0.refreshedAt }
        if let last, sinceBoot - last < Self.maximumAge, sinceBoot >= last { return nil }
        return refresh(users: users, groups: groups, sinceBoot: sinceBoot)
    }
}
