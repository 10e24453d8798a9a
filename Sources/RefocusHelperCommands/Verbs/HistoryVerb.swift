import ArgumentParser
import RefocusCore
import RefocusEnforcement
import RefocusOS
import RefocusProtocol

/// `refocus-helper history`: the caller's ended sessions, newest first (root: everyone's),
/// those started since the request's `since` only when it has one.
struct HistoryVerb: HelperVerb {
    static let configuration = CommandConfiguration(
        commandName: HistoryRequest.verb.rawValue,
        abstract: "Report the caller's ended sessions, newest first.",
        discussion: "Up to the request's limit, and since its date when it names one.")

    func respond(_ context: HelperContext, _ request: HistoryRequest) throws -> HelperResponse {
        _ = try context.enforce(onlyIfExpired: true)
        let owner = context.caller.readableOwner
        let sessions = try context.store.read {
            try $0.history(owner: owner, since: request.since, limit: request.limit)
        }
        return HelperResponse(sessions: sessions.map { $0.summary(at: context.now) })
    }
}
