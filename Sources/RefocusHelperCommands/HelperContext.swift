import Foundation
import RefocusCore
import RefocusDaemon
import RefocusEnforcement
import RefocusOS
import RefocusPolicy
import RefocusProtocol

/// Who runs the helper and under which policy: what is known before the
/// request is read (`HelperVerb.run`).
struct HelperRun {
    /// The most helper runs one member may have at once; one more is refused at once (`too-many-runs`).
    static let runsPerMember = 4
    /// Where the members' run slots are (`RunSlot`).
    static let slotsPath = "/run/refocus/runs"

    let caller: Caller
    let policy: Policy
    /// Every wait of this run.
    let deadlines: HelperDeadlines
    /// The member's run slot, held for the run; nil for root itself.
    let slot: RunSlot?

    /// Identifies the caller and takes one of its run slots, before
    /// anything else costs root memory or time, then loads the policy.
    init() throws {
        caller = try Caller.current(environment: ProcessInfo.processInfo.environment)
        slot = try Self.takeSlot(for: caller)
        policy = try PolicyFile.load()
        deadlines = HelperDeadlines(policy: policy)
    }

    /// A run slot of the caller's (`runsPerMember` per uid), or
    /// `too-many-runs` (status 75) at once when every one is held: a member's flood of runs waits for
    /// nothing and costs root a few runs at a time, whatever their number.
    private static func takeSlot(for caller: Caller) throws -> RunSlot? {
        guard caller.uid != 0 else { return nil }
        try Directories.prepare(DaemonLink.runDirectory, mode: DaemonLink.directoryMode)
        guard let slot = try RunSlot.take(key: String(caller.uid), count: runsPerMember, directory: slotsPath) else {
            throw ProtocolFailure(
                code: .tooManyRuns,
                message: "you already have \(runsPerMember) helper runs going, the "
                    + "most one user may have at once; wait for them to end and try again")
        }
        return slot
    }
}

/// Everything a helper verb needs once its request is read: the caller, the
/// policy, the store, and the lock that serialises helper runs. Paths are
/// fixed; none comes from the caller.
struct HelperContext {
    static let lockPath = "/var/lib/refocus/lock"
    /// Where the runs waiting for the lock take their tickets (`TicketQueue`).
    static let queuePath = "/run/refocus/queue"

    let caller: Caller
    let policy: Policy
    /// Every wait of this run.
    let deadlines: HelperDeadlines
    let store: SessionStore

    /// The administrator's schedules over their lists (`/etc/refocus/schedules.d`, `/etc/refocus/lists`),
    /// read at the first use in this run and kept; files that do not read count as none here (the daemon
    /// keeps the last that read).
    var schedules: AdministratorSchedules { administratorSchedules.value }
    private let administratorSchedules: ReadOnce<AdministratorSchedules>
    private let lock: ExclusiveLock
    /// This run's place in line for the lock, and its member's run slot: held to the end.
    private let place: TicketQueue
    private let slot: RunSlot?

    /// The clocks, read once per run.
    let clock: ClockReading

    /// Takes the lock in the order the runs came (`TicketQueue`: a place in
    /// line, then the lock; both within `deadlines.lock`, else `busy`),
    /// opens the store and moves its sessions onto the wall clock
    /// (`SessionClock`), once for the run, so that every rule compares
    /// wall-clock times that mean real time.
    init(_ run: HelperRun) throws {
        caller = run.caller
        policy = run.policy
        deadlines = run.deadlines
        slot = run.slot
        administratorSchedules = ReadOnce { [policy] in
            (try? AdministratorScheduleFiles.loadInstalled(caps: policy.caps)) ?? AdministratorSchedules()
        }
        let end = ContinuousClock.now + deadlines.lock
        let busy = ProtocolFailure(
            code: .busy,
            message: "another helper run held \(Self.lockPath) for "
                + "\(HelperDeadlines.seconds(deadlines.lock)); try again")
        try Directories.prepare(DaemonLink.runDirectory, mode: DaemonLink.directoryMode)
        guard let place = try TicketQueue.wait(directory: Self.queuePath, deadline: end) else { throw busy }
        guard
            let lock = try ExclusiveLock.wait(
                path: Self.lockPath, directoryMode: 0o700,
                deadline: max(.zero, end - ContinuousClock.now))
        else { throw busy }
        self.place = place
        self.lock = lock
        store = try SessionStore()
        clock = try store.rebasedClock()
    }

    /// The wall-clock time of this run.
    var now: Date { clock.wall }

    /// Makes the system enforce the store: through the daemon (started when
    /// none runs and `startingDaemon`), or in this run when no daemon can
    /// be reached or it does not answer in time. With `onlyIfExpired`
    /// (questions such as status), nothing is asked of anyone unless a
    /// session's end or pending change's time has passed, or sessions are open with no daemon running
    /// (it was killed: this run brings it back). A run that enforces the
    /// sessions itself keeps the addresses `system` clear (what the verb
    /// read; read here when the verb read none).
    func enforce(
        onlyIfExpired: Bool = false, startingDaemon: Bool = true,
        system: [ProtectedAddresses.Protection]? = nil
    ) throws -> DaemonAnswer {
        let now = self.now
        if onlyIfExpired {
            let open = try store.read { try $0.openSessions() }
            if open.allSatisfy({ $0.isActive(at: now) && $0.settled(at: now) == nil }),
                open.isEmpty || DaemonLink.isRunning
            {
                // Nothing ended and the daemon keeps the rest: the store alone answers.
                return DaemonAnswer(active: open, now: now)
            }
        }
        switch try DaemonLink.send(.reconcile, starting: startingDaemon, deadlines: deadlines) {
        case .answered(let answer):
            if let error = answer.error { throw DaemonLinkError.failed(error, answer.category ?? .system) }
            return answer
        case .stuck(let reason):
            return try enforceBesideStuckDaemon(reason, system: system ?? SystemProtections.read())
        case .noDaemon:
            var answer = try reconcileHere(system: system ?? SystemProtections.read())
            if startingDaemon {
                answer.notes.append(.daemonNotRunning(log: DaemonLink.logPath))
            }
            return answer
        }
    }

    /// Reconciles in this run while a daemon that does not answer lives: the
    /// store and /etc/hosts are brought up to date; the firewall table is
    /// the daemon's (OWNER flag), which `Firewall` reports as a note.
    private func enforceBesideStuckDaemon(_ reason: String, system: [ProtectedAddresses.Protection]) throws
        -> DaemonAnswer
    {
        var answer = try reconcileHere(system: system)
        answer.notes.insert(.daemonStuck(reason: reason), at: 0)
        return answer
    }

    /// Reconciles in this run, with a firewall of its own; the store was
    /// rebased as the run began.
    private func reconcileHere(system: [ProtectedAddresses.Protection]) throws -> DaemonAnswer {
        let reconciler = Reconciler(
            store: store, policy: policy, layers: SystemLayers(policy: policy).ordered, schedules: schedules)
        return DaemonAnswer(try reconciler.reconcile(clock: clock, system: system))
    }
}
