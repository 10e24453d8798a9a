import Foundation
import RefocusCore
import RefocusOS
import RefocusPlanning

/// `reconcile(clock)`: the one path by which enforcement changes. It closes
/// sessions whose end has passed, computes the desired enforcement of the
/// active ones and of the daily allowances whose day is used (each as a
/// locked session of its list until its reset, never stored:
/// `AllowanceDay.blockingSession`) (`DesiredEnforcement`, pure), and makes the system match it
/// by running its `EnforcementLayer`s in order (`SystemLayers`: the
/// /etc/hosts section, the resolver module's index, where the module is in
/// force, asked at every run through `resolverModule`; the Chromium-family
/// browsers' and Firefox's policies, with DoH as the policy's `browserDoh`
/// says, even when no session runs; table `inet refocus`, and unreachable
/// routes where it cannot be made). Each layer returns a `LayerOutcome`;
/// the report gathers them, with the notes in the order they arose. A
/// layer's problem, like an open session whose row cannot be read, is a
/// note, never a failure that stops enforcement of the rest; only an error
/// a layer throws (the hosts file's or the index's) stops the run. Needs
/// root with the system's layers; fakes need none. Idempotent: a second
/// run with nothing changed writes nothing.
/// One reconciler serves a process: its layers own the firewall's table
/// and the address caches, kept for the daemon's whole life, or for one
/// helper run. Its caller serialises runs (the helper lock, or the
/// daemon's one thread).
public final class Reconciler {
    /// The session store.
    public let store: SessionStore
    /// The layers, in the order they are applied.
    public let layers: [any EnforcementLayer]
    /// Whether the resolver module is in force now (asked at every run):
    /// `ResolverModule.isInForce()` unless a test gives another answer.
    public let resolverModule: @Sendable () -> Bool
    /// The administrator's policy; the daemon replaces it on SIGHUP.
    public var policy: Policy
    /// The machine's time zone, asked at every run: the days of daily allowances are local.
    public let zone: @Sendable () -> LocalZone
    /// The administrator's schedules (`/etc/refocus/schedules.d`), enforced
    /// for their users alone while their windows are open; the daemon reads
    /// them again on reload.
    public var schedules: AdministratorSchedules
    /// How the schedules' users and groups become uids, asked at every run.
    public let targets: ScheduleTargets
    /// The windows in force at this reconciler's previous run, which the
    /// next run records as enforced until then (or their end).
    private var lastAdministered: Set<AdministeredWindowKey> = []

    /// A reconciler over `layers`, applied in that order.
    public init(
        store: SessionStore, policy: Policy, layers: [any EnforcementLayer],
        resolverModule: @escaping @Sendable () -> Bool = { ResolverModule.isInForce() },
        zone: @escaping @Sendable () -> LocalZone = { MachineTimeZone.current },
        schedules: AdministratorSchedules = AdministratorSchedules(), targets: ScheduleTargets = .system
    ) {
        self.zone = zone
        self.schedules = schedules
        self.targets = targets
        self.store = store
        self.layers = layers
        self.resolverModule = resolverModule
        self.policy = policy
    }

    /// Brings the system in line with the store at `clock`, whose sessions
    /// were moved onto its wall clock as it was read (`SessionStore.rebasedClock()`),
    /// never blocking the addresses `system` needs (`SystemProtections.read()`).
    @discardableResult
    public func reconcile(clock: ClockReading, system: [ProtectedAddresses.Protection]) throws -> Report {
        let now = clock.wall
        let expired = try store.write { try $0.settleDue(now: now) }
        let (open, damaged) = try store.read { (try $0.openSessions(), try $0.damagedOpenSessions()) }
        let active = open.filter { $0.isActive(at: now) }
        let zone = self.zone()
        // The policy's allowances, then the schedules' (one of the same user and list gives way to the policy's).
        let administered = AdministeredAllowances.inForce(
            stored: AdministeredAllowances.ofSchedules(
                schedules.allowancesInForce(at: now, zone: zone, targets: targets), zone: zone),
            administered: AdministeredAllowances.of(policy, owner: nil, at: now, zone: zone, uid: UserAccount.uid))
        let allowances = try store.read { transaction in
            try AdministeredAllowances.inForce(stored: try transaction.allowances(), administered: administered).map {
                allowance in
                let day = allowance.period(at: now, zone: zone).day
                return AllowanceDay(
                    allowance, at: now, zone: zone,
                    usedSeconds: try transaction.usedSeconds(owner: allowance.owner, list: allowance.name, day: day))
            }
        }
        // A spent allowance's list is blocked as a locked session of it would be, never stored as one:
        // the user's own as their sessions are; the administrator's for its user alone, as a schedule is.
        let enforcing =
            active.filter { $0.enforces(at: now) }
            + allowances.filter { !$0.allowance.setByAdministrator }.compactMap(\.blockingSession)
        let spentForTheirUser = allowances.filter(\.allowance.setByAdministrator).compactMap(\.blockingSession)
        let inForce = schedules.inForce(at: now, zone: zone, targets: targets)
        // Waivers are read only while an unlocked window is in force: nothing else can be waived.
        let scheduled =
            inForce.contains { !$0.lock }
            ? Self.unwaived(inForce, waivers: try store.read { try $0.administeredWaivers(endingAfter: now) })
            : inForce
        let keys = AdministeredWindowKey.of(scheduled)
        if !scheduled.isEmpty || !lastAdministered.isEmpty {
            let continuing = Array(lastAdministered.subtracting(keys))
            try store.write { try $0.recordAdministered(scheduled, continuing: continuing, now: now) }
        }
        lastAdministered = keys
        // Under `user_sessions = "owner"` a user's own block session binds its owner alone.
        let ownersOnly = policy.perUser.userSessions == .owner
        let targeted =
            scheduled.map(TargetedLists.init) + spentForTheirUser.map(TargetedLists.init(ownerOf:))
            + (ownersOnly ? enforcing.filter { $0.mode == .block }.map(TargetedLists.init(ownerOf:)) : [])
        var desired = DesiredEnforcement(
            sessions: ownersOnly ? enforcing.filter { $0.mode != .block } : enforcing, targeted: targeted,
            policy: policy, resolverModule: resolverModule())
        // An open one's sites are metered for its owner.
        desired.metered = allowances.compactMap { $0.meteredSites(policy: policy) }
        let plan = EnforcementPlan(desired: desired, policy: policy, clock: clock, system: system)
        var outcomes: [LayerOutcome] = []
        for layer in layers {
            outcomes.append(try layer.apply(plan, after: outcomes))
        }
        return Report(
            expired: expired, now: now, active: active, desired: desired, outcomes: outcomes,
            notes: damaged.map { .damagedSession(id: $0.id, reason: $0.reason) }
                + (desired.perUserNamesUnblocked > 0
                    ? [.perUserNamesUnblocked(count: desired.perUserNamesUnblocked)] : [])
                + outcomes.flatMap(\.notes),
            allowances: allowances, administered: scheduled,
            nextAdministeredChange: schedules.nextChange(after: now, zone: zone))
    }

    /// `inForce` less each user's windows they waived, for unlocked schedules only (one locked again binds
    /// them whatever they waived); a window left with no user is left out.
    static func unwaived(_ inForce: [ActiveAdministratorSession], waivers: [AdministeredWindowKey: Date])
        -> [ActiveAdministratorSession]
    {
        guard !waivers.isEmpty else { return inForce }
        return inForce.compactMap { session in
            guard !session.lock else { return session }
            var kept = session
            kept.uids = session.uids.filter {
                waivers[AdministeredWindowKey(schedule: session.name, uid: $0, windowStart: session.start)] == nil
            }
            return kept.uids.isEmpty ? nil : kept
        }
    }
}
