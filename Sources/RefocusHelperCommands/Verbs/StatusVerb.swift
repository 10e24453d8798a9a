import ArgumentParser
import RefocusCore
import RefocusEnforcement
import RefocusOS
import RefocusProtocol

/// `refocus-helper status`: every active session, and the caller's daily
/// allowances; enforcement changes only if a session has ended.
struct StatusVerb: HelperVerb {
    static let configuration = CommandConfiguration(
        commandName: StatusRequest.verb.rawValue,
        abstract: "Report the active sessions of every user.",
        discussion: "The request on stdin names the verb only.")

    func respond(_ context: HelperContext, _ request: StatusRequest) throws -> HelperResponse {
        let report = try context.enforce(onlyIfExpired: true)
        // The caller's daily allowances (root: everyone's), as `refocus status` shows them without a status file.
        let allowances = try AllowanceVerb.summaries(report, owner: context.caller.readableOwner, context)
        return HelperResponse(sessions: report.active, allowances: allowances.isEmpty ? nil : allowances)
    }
}
