import ArgumentParser
import RefocusCore
import RefocusEnforcement
import RefocusOS
import RefocusPlanning
import RefocusProtocol

/// `refocus-helper stop`: ends the caller's session(s), refusing locked ones.
struct StopVerb: HelperVerb {
    static let configuration = CommandConfiguration(
        commandName: StopRequest.verb.rawValue,
        abstract: "Stop the caller's session, or its unlocked ones.",
        discussion: "The JSON request on stdin names the session, or none for all the caller's unlocked ones.")

    func respond(_ context: HelperContext, _ request: StopRequest) throws -> HelperResponse {
        let now = context.now
        let owner = context.caller.uid
        let stopped = try context.store.write { transaction in
            let sessions = try SessionRules.stop(
                request, owner: owner, now: now, active: try transaction.openSessions())
            return try transaction.end(sessions, at: now, outcome: .stopped)
        }
        _ = try context.enforce()
        return HelperResponse(sessions: stopped.map { $0.summary(at: now) })
    }
}
