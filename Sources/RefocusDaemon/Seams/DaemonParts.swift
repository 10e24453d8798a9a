import Foundation
import RefocusCore
import RefocusEnforcement
import RefocusOS

/// Everything the `Daemon` works with, made outside it: on the system by
/// `DaemonParts.system(logger:)` (the store at its path, the policy file,
/// the kernel's event sources, /run/refocus/status.json), in a test from
/// fakes, so that its loop runs event by event without root.
struct DaemonParts {
    /// The session store.
    var store: SessionStore
    /// The administrator's policy at start.
    var policy: Policy
    /// The layers the reconciler runs, in order; the blocker is run after them.
    var layers: [any EnforcementLayer]
    /// The table layer's caches, name and counters.
    var firewall: any DaemonFirewall
    /// The event sources and the wait on them.
    var sources: DaemonSources
    /// The program blocker, the last layer.
    var blocker: any DaemonProgramBlocker
    /// The meter of daily allowances of programs.
    var meter: any DaemonAllowanceMeter
    /// Where the status is published.
    var status: StatusFile
    /// Sends an owner (uid) a desktop notification: title, then body.
    var notify: (UInt32, String, String) -> Void
    /// What tells owners of their sessions' events.
    var herald: any DaemonHerald
    /// What the daemon reads of and does to its own process and the machine.
    var host: DaemonHost
}

/// What the daemon asks of the machine and its own process, beside its
/// sources: as closures, which a test replaces (the test runner's clock,
/// children and memory are not the daemon's).
struct DaemonHost {
    /// The policy file read again (SIGHUP).
    var loadPolicy: () throws -> Policy
    /// The administrator's schedules and lists read (at start, and on SIGHUP), within the policy's caps.
    var loadSchedules: (Policy) throws -> AdministratorSchedules
    /// Whether the resolver module is in force (asked at every reconcile).
    var resolverModule: @Sendable () -> Bool
    /// The addresses the system needs, read once per reconcile.
    var protections: () -> [ProtectedAddresses.Protection]
    /// The clock for one reconcile, with the store's sessions moved onto its wall clock.
    var readClock: (SessionStore) throws -> ClockReading
    /// Tells systemd the daemon is ready; a problem in words, nil when fine or not under systemd.
    var notifyReady: () -> String?
    /// Gives back the memory start-up and the last sessions left unused (and logs it).
    var giveBackMemory: () -> Void
    /// The next child that exited (`waitpid(-1, WNOHANG)`), nil when none.
    var reapChild: () -> (pid: pid_t, status: Int32)?
    /// The schedules' users and groups as uids, looked up in the machine's
    /// databases within a deadline, after each reload and when stale.
    var targets: ScheduleTargetsCache
}
