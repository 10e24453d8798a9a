import RefocusEnforcement

/// The program blocker's exec guard and what keeps it off: the guard
/// while it runs, why it is not used until the rules end (it could not
/// start, or let go), and the tests' hooks.
struct ExecRefusal {
    /// The guard in force; nil when there is none.
    var guardian: ExecGuard?
    /// Why the guard is not used until the rules end; nil to try it.
    var unavailable: String?
    /// The tests' hooks, read as the daemon starts.
    let hooks: ExecGuardHooks
}
