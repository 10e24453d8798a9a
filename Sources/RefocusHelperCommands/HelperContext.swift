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

    /// Identifies the caller, loads the policy, takes the lock, opens the store.
    init() throws {
        caller = try Caller.current(environment: ProcessInfo.processInfo.environment)
        policy = try PolicyFile.load()
        lock = try ExclusiveLock(path: Self.lockPath)
        store = try SessionStore()
        reconciler = Reconciler(store: store, hosts: HostsFile(), policy: policy)
    }

    /// The current time; the one clock read of a helper run.
    var now: Date { Date() }
}
