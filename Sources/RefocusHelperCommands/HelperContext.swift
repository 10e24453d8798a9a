import Foundation
import RefocusCore
import RefocusSystem

/// Everything a helper verb needs: the caller, the policy, the store, and
/// the lock that serialises helper runs. Paths are fixed; none comes from
/// the caller.
struct HelperContext {
    static let lockPath = "/var/lib/refocus/lock"

    let caller: Caller
    let policy: Policy
    let store: SessionStore
    let reconciler: Reconciler
    private let lock: ExclusiveLock

    /// The clocks, read once per run.
    let clock: ClockReading

    /// Identifies the caller, loads the policy, takes the lock, opens the
    /// store and moves its sessions onto the wall clock (`SessionClock`),
    /// so that every rule compares wall-clock times that mean real time.
    init() throws {
        caller = try Caller.current(environment: ProcessInfo.processInfo.environment)
        policy = try PolicyFile.load()
        lock = try ExclusiveLock(path: Self.lockPath, directoryMode: 0o700)
        store = try SessionStore()
        reconciler = Reconciler(store: store, hosts: HostsFile(), policy: policy)
        let clock = SystemClock.read()
        self.clock = clock
        _ = try store.write { try $0.rebase(to: clock) }
    }

    /// The wall-clock time of this run.
    var now: Date { clock.wall }

    /// Makes the system enforce the store: through the daemon (started when
    /// none runs and `startingDaemon`), or in this run when no daemon can
    /// be reached. With `onlyIfExpired` (questions such as status), nothing
    /// is asked of anyone unless a session's end has passed or sessions are
    /// open with no daemon running (it was killed: this run brings it back).
    func enforce(onlyIfExpired: Bool = false, startingDaemon: Bool = true) throws -> DaemonAnswer {
        let now = self.now
        if onlyIfExpired {
            let open = try store.read { try $0.openSessions() }
            if open.allSatisfy({ $0.isActive(at: now) }), open.isEmpty || DaemonLink.isRunning {
                // Nothing ended and the daemon keeps the rest: the store alone answers.
                return DaemonAnswer(active: open)
            }
        }
        if let answer = try DaemonLink.send("reconcile", starting: startingDaemon) {
            if let error = answer.error { throw DaemonLinkError.failed(error, answer.category ?? .system) }
            return answer
        }
        var answer = DaemonAnswer(try reconciler.reconcile(clock: clock, firewall: Firewall(), cache: AddressCache()))
        if startingDaemon {
            answer.notes.append("the enforcer daemon is not running (see \(DaemonLink.logPath)): programs are not "
                + "blocked and changes to /etc/hosts or the firewall are not repaired")
        }
        return answer
    }
}
