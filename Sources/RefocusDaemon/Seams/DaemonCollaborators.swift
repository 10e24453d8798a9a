import Foundation
import RefocusCore
import RefocusEnforcement
import RefocusOS
import RefocusPlanning
import RefocusProtocol

/// The program blocker as the daemon's loop sees it (`ProgramBlocker` on
/// the system): its last layer, which also serves its own descriptors.
protocol DaemonProgramBlocker: EnforcementLayer {
    /// How programs are blocked now, for the status file.
    var mode: StatusSnapshot.ProgramBlocking { get }
    /// Serves `fd` if it is one of the blocker's (nil when not); the matches of the programs killed.
    func handle(_ fd: Int32) -> [ProgramMatch]?
}

/// What counts daily allowances of programs (`AllowanceMeter` on the
/// system: exec events, pidfds, one boot-time timer).
protocol DaemonAllowanceMeter: AnyObject {
    /// Takes the allowances a reconcile found at `reading`, a visit of their sites counting
    /// `siteStep`; whether another reconcile is wanted.
    func update(_ days: [AllowanceDay], at reading: ClockReading, siteStep: Duration) -> Bool
    /// Serves `fd` if it is one of the meter's (nil when not): whether to reconcile, whether the status changed.
    func handle(_ fd: Int32) -> (reconcile: Bool, republish: Bool)?
    /// What the status file and the helper report of `days` at `reading`, with the meter's live use.
    func summaries(of days: [AllowanceDay], at reading: ClockReading) -> [AllowanceSummary]
    /// Keeps the use counted so far: the daemon stops.
    func finish()
    /// Why nothing can be counted here (the process connector is unavailable); nil while it counts.
    var unavailable: String? { get }
    /// Why their sites cannot be counted here (the table's log group is taken); nil while they can.
    var sitesUnavailable: String? { get }
}

/// What tells owners of their sessions' events (`SessionHerald` on the
/// system: hooks run as the owner, desktop notifications).
protocol DaemonHerald: AnyObject {
    /// The last hook run of each session that went wrong, for the status file.
    var hookProblems: [Int64: HookReport] { get }
    /// How long until the next hook runner is overdue; nil when none runs.
    var nextBackstop: Duration? { get }
    /// Announces the sessions' events due at `now`.
    func announce(now: Date)
    /// Forgets the problems of sessions no longer among `open`.
    func keepProblems(of open: [Session])
    /// Takes a child `waitpid` returned; whether the status file's content changed.
    func reaped(pid: pid_t, status: Int32, at now: Date) -> Bool
    /// Kills the hook runners past their backstop.
    func killOverdueHooks()
}

/// The table layer's parts the daemon reads between reconciles (`TableLayer`
/// on the system): the address caches it refreshes, the table's name, and
/// the counters of what the table refused.
protocol DaemonFirewall: AnyObject {
    /// The addresses blocked names resolved to.
    var cache: AddressCache { get }
    /// The addresses allowed names resolved to.
    var allowedCache: AllowedAddressCache { get }
    /// The name of the table in force (kept until the daemon restarts).
    var tableName: String { get }
    /// What the table refused since it was last replaced (per uid too when `byUid`: the
    /// allowlist chains' and the users' own rules); nothing when there is no table.
    func counts(byUid: Bool) -> TableCounts
}

extension ProgramBlocker: DaemonProgramBlocker {}
extension AllowanceMeter: DaemonAllowanceMeter {}
extension SessionHerald: DaemonHerald {}

extension TableLayer: DaemonFirewall {
    var tableName: String { firewall.tableName }

    func counts(byUid: Bool) -> TableCounts {
        guard let nftables = firewall.nftables else { return TableCounts() }
        let refusals = byUid ? try? nftables.refusalsByUid() : nil
        return TableCounts(
            hits: (try? nftables.hitCounters()) ?? [:], allowRefusals: refusals?.allowlistOwners ?? [:],
            userRefusals: refusals?.users ?? [:])
    }
}
