import ArgumentParser
import RefocusCore
import RefocusEnforcement
import RefocusOS

/// `refocus-helper status`: every active session; enforcement changes only if a session has ended.
struct StatusVerb: HelperVerb {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Report the active sessions of every user (the request on stdin names the verb only).")

    static let requestVerb: String? = "status"

    func respond(_ context: HelperContext) throws -> HelperResponse {
        guard case .status = context.request else { throw badVerb }
        let report = try context.enforce(onlyIfExpired: true)
        return HelperResponse(sessions: report.active)
    }
}
