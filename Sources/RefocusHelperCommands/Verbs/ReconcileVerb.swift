import ArgumentParser
import RefocusCore
import RefocusEnforcement
import RefocusOS
import RefocusProtocol

/// `refocus-helper reconcile`: makes the system match the store; reads no request.
struct ReconcileVerb: HelperVerb {
    static let configuration = CommandConfiguration(
        commandName: HelperVerbName.reconcile.rawValue,
        abstract: "Enforce the active sessions and lift ended ones.",
        discussion: "Reads nothing on stdin.")

    func respond(_ context: HelperContext, _ request: NoRequest) throws -> HelperResponse {
        let report = try context.enforce()
        return HelperResponse(
            sessions: report.active,
            notes: report.expired.map { .sessionEnded(id: $0.id) })
    }
}
