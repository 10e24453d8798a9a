import ArgumentParser
import RefocusCore
import RefocusEnforcement
import RefocusOS
import RefocusPlanning
import RefocusProtocol

/// `refocus-helper stop`: ends the caller's session(s), or sets the stop
/// that waits for a session's delay, refusing locked ones; takes a locked
/// session's emergency exit when the policy allows it; withdraws a pending
/// change (`SessionRules.stop`).
struct StopVerb: HelperVerb {
    static let configuration = CommandConfiguration(
        commandName: StopRequest.verb.rawValue,
        abstract: "Stop the caller's session, or its unlocked ones.",
        discussion: """
            The JSON request on stdin names the session, or none for all the caller's unlocked ones; \
            with a reason, it takes a locked session's emergency exit; with cancel, it withdraws \
            a stop, pause, loosening or emergency exit that waits.
            """)

    func respond(_ context: HelperContext, _ request: StopRequest) throws -> HelperResponse {
        let now = context.now
        let owner = context.caller.uid
        let choices = context.policy.loosening
        let zone = MachineTimeZone.current
        let ownsActive: @Sendable ([Session]) -> Bool = { sessions in
            sessions.contains { $0.owner == owner && $0.isActive(at: now) }
        }
        // The administrator's schedules are read only for a caller with no session of their own to stop.
        let administered: [ActiveAdministratorSession] = try {
            guard request.sessionID == nil, !request.cancel,
                !ownsActive(try context.store.read { try $0.openSessions() })
            else { return [] }
            return context.schedules.inForce(at: now, zone: zone, targets: .system).filter { $0.uids.contains(owner) }
        }()
        let (touched, waived) = try context.store.write { transaction -> ([Session], [ActiveAdministratorSession]) in
            let allowance = EmergencyAllowance(
                choices: choices,
                endedExits: try transaction.endedEmergencyExits(
                    owner: owner, since: now.addingTimeInterval(-EmergencyAllowance.window)),
                zone: zone)
            let active = try transaction.openSessions()
            if !administered.isEmpty, !ownsActive(active) {
                // A locked window is the administrator's to end; unlocked ones (lock = false) the user may waive.
                if let locked = administered.first(where: \.lock) { throw AdministeredRefusal.stop(locked, zone: zone) }
                try transaction.waiveAdministered(administered, uid: owner, now: now)
                return ([], administered)
            }
            let plan = try SessionRules.stop(request, owner: owner, now: now, active: active, allowance: allowance)
            for session in plan.changed { try transaction.update(session) }
            return (try transaction.end(plan.ended, at: now, outcome: .stopped) + plan.changed, [])
        }
        _ = try context.enforce()
        return HelperResponse(
            sessions: touched.map { $0.summary(at: now) },
            waived: waived.isEmpty ? nil : waived.map(AdministeredSummary.init))
    }
}
