import RefocusEnforcement

/// The program blocker's exec guard and what keeps it off: the guard
/// while it runs, why it is not used until the rules end (it could not
/// start, or let go), the policy, and the tests' hook.
struct ExecRefusal {
    /// The guard in force; nil when there is none.
    var guardian: ExecGuard?
    /// Why the guard is not used until the rules end; nil to try it.
    var unavailable: String?
    /// Whether the policy lets the guard run (`exec_permission`).
    var allowed = true
    /// The tests' hooks, read as the daemon starts.
    let hooks: ExecGuardHooks
}
