import ArgumentParser
import RefocusCore
import RefocusSystem

/// `refocus-helper reconcile`: makes the system match the store; reads no request.
struct ReconcileVerb: HelperVerb {
    static let configuration = CommandConfiguration(
        commandName: "reconcile",
        abstract: "Enforce the active sessions and lift ended ones; reads nothing on stdin.")

    func respond(_ context: HelperContext) throws -> HelperResponse {
        let report = try context.reconciler.reconcile(clock: context.clock)
        return HelperResponse(sessions: report.active.map(\.summary),
                              notes: report.expired.map { "session \($0.id ?? 0) ended at its planned end" })
    }
}
