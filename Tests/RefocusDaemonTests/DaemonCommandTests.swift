import Testing

@testable import RefocusDaemon

/// The lines the helper writes to the daemon's control socket, and how one
/// wake-up's commands and events come down to at most one reconcile.
@Suite struct DaemonCommandTests {
    @Test(arguments: [
        // commands (nil: not a command), whether events want a reconcile, reconcile, exit
        ([DaemonCommand?](), false, false, false),
        ([], true, true, false),
        ([.reconcile], false, true, false),
        ([.exit], false, true, true),
        ([nil], false, false, false),
        ([nil, .reconcile, .exit], false, true, true),
    ])
    func oneReconcileServesAWakeUp(commands: [DaemonCommand?], eventsWant: Bool, reconcile: Bool, exit: Bool) {
        let plan = DaemonCommand.Plan(commands, eventsWant: eventsWant)
        #expect(plan.reconcile == reconcile)
        #expect(plan.exit == exit)
    }

    @Test func commandsAreTheirLines() {
        #expect(DaemonCommand(rawValue: "reconcile") == .reconcile)
        #expect(DaemonCommand(rawValue: "exit") == .exit)
        #expect(DaemonCommand(rawValue: "EXIT") == nil)
        #expect(DaemonCommand(rawValue: "") == nil)
    }

    /// A fleet pull's `reload`: the policy is read again and one reconcile serves it with the rest.
    @Test(arguments: [
        ([DaemonCommand?.some(.reload)], true, true), ([.reconcile, .reload], true, true), ([.reconcile], false, true),
        ([nil], false, false),
    ])
    func reloadReadsThePolicyAgainBeforeTheReconcile(commands: [DaemonCommand?], reload: Bool, reconcile: Bool) {
        let plan = DaemonCommand.Plan(commands, eventsWant: false)
        #expect(plan.reload == reload)
        #expect(plan.reconcile == reconcile)
        #expect(!plan.exit)
        #expect(DaemonCommand(rawValue: "reload") == .reload)
    }
}
