import RefocusCore
import RefocusProtocol

/// The words for a targeted user who asks to end an administrator's
/// locked session: it is not theirs to stop, pause or shorten (an unlocked
/// one, `lock = false`, they may end for themselves: `StopVerb` waives it).
enum AdministeredRefusal {
    /// The refusal of a stop while `session` is in force for the caller.
    static func stop(_ session: ActiveAdministratorSession, zone: LocalZone) -> ProtocolFailure {
        ProtocolFailure(
            code: .sessionLocked,
            message:
                "the administrator's session \(session.name) (\(session.lists.map(\.name.rawValue).joined(separator: ", "))) "
                + "blocks for you until \(zone.clock(of: session.end)); it is set by the administrator, and only "
                + "they can change it (/etc/refocus/schedules.d)")
    }
}
