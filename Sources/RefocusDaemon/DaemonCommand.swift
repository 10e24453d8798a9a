/// What a helper run asks the daemon on its control socket, one line each.
package enum DaemonCommand: String, CaseIterable, Sendable {
    /// Make the system enforce the store, and answer what is enforced.
    case reconcile
    /// Answer like `reconcile`, then exit (its blocks stay).
    case exit
    /// Read the policy file again (as SIGHUP does), then answer like `reconcile`: a fleet pull's new policy.
    case reload

    /// What the daemon does with the commands of one wake-up (nil: a line
    /// that is no command) and whether an event of its own wants a
    /// reconcile: one reconcile serves them all.
    struct Plan: Equatable {
        /// Whether to reconcile.
        var reconcile: Bool
        /// Whether to exit after answering.
        var exit: Bool
        /// Whether to read the policy again before reconciling.
        var reload: Bool

        init(_ commands: [DaemonCommand?], eventsWant: Bool) {
            reconcile = eventsWant || commands.contains { $0 != nil }
            exit = commands.contains(.exit)
            reload = commands.contains(.reload)
        }
    }
}
