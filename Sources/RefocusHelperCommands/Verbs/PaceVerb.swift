import ArgumentParser
import RefocusCore
import RefocusEnforcement
import RefocusOS
import RefocusPlanning
import RefocusProtocol

/// `refocus-helper pace`: skips a pomodoro phase, pauses or resumes the
/// caller's session(s); a lock is never weakened (`SessionRules.pace`).
struct PaceVerb: HelperVerb {
    static let configuration = CommandConfiguration(
        commandName: PaceRequest.verb.rawValue,
        abstract: "Skip, pause or resume the caller's sessions.",
        discussion: """
            The JSON request on stdin says which: skip to a pomodoro session's next phase, \
            pause or resume; of the session it names, or of the caller's sessions.
            """)

    func respond(_ context: HelperContext, _ request: PaceRequest) throws -> HelperResponse {
        let now = context.now
        let owner = context.caller.uid
        let changed = try context.store.write { transaction in
            let sessions = try SessionRules.pace(
                request, owner: owner, now: now, active: try transaction.openSessions())
            for session in sessions { try transaction.update(session) }
            return sessions
        }
        _ = try context.enforce()
        return HelperResponse(sessions: changed.map { $0.summary(at: now) })
    }
}
