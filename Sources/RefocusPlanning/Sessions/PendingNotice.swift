#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RefocusCore

/// The desktop notification for a session's pending change (`PendingChange`):
/// when it is asked for (an emergency exit, a stop or a pause that waits
/// for the session's delay), when a waiting pause applies, and when the
/// change is withdrawn. An applied stop or emergency exit is the session's
/// end, which `SessionNotice` tells.
public enum PendingNotice {
    /// The notice for `change` just asked of `session`, with its time in `zone`.
    public static func asked(_ change: PendingChange, of session: Session, zone: LocalZone) -> SessionNotice {
        let at = zone.clock(of: change.effectiveAt)
        let cancel = "'refocus stop --cancel' withdraws it."
        switch change.kind {
        case .emergency:
            return SessionNotice(
                title: "\(prefix(session))Emergency exit",
                body: "\(names(session)) ends at \(at); it blocks until then. \(cancel)")
        case .stop:
            return SessionNotice(
                title: "\(prefix(session))Focus session stopping",
                body: "\(names(session)) stops at \(at), after its delay; it blocks until then. \(cancel)")
        case .pause:
            return SessionNotice(
                title: "\(prefix(session))Focus session pausing",
                body: "\(names(session)) pauses at \(at), after its delay; it blocks until then. \(cancel)")
        case .loosen:
            return SessionNotice(
                title: "\(prefix(session))Focus session loosening",
                body: "\(names(session)) takes its lists' new contents at \(at), after its delay; what they no "
                    + "longer hold stays blocked until then. \(cancel)")
        }
    }

    /// The notice for `session` paused by a pause that waited for its delay.
    public static func paused(_ session: Session) -> SessionNotice {
        SessionNotice(
            title: "\(prefix(session))Focus session paused",
            body: "\(names(session)) is paused: its blocks are lifted. 'refocus resume' resumes it.")
    }

    /// The notice for `session` whose pending `change` was withdrawn: it keeps blocking.
    public static func withdrawn(_ change: PendingChange, of session: Session, zone: LocalZone) -> SessionNotice {
        let what =
            switch change.kind {
            case .emergency: "emergency exit"
            case .stop: "stop"
            case .pause: "pause"
            case .loosen: "loosening"
            }
        return SessionNotice(
            title: "\(prefix(session))Focus session continues",
            body:
                "The \(what) of \(names(session)) was withdrawn; it blocks until \(zone.clock(of: session.plannedEnd))."
        )
    }

    /// `'social, news'`.
    private static func names(_ session: Session) -> String {
        "'" + session.lists.map(\.rawValue).joined(separator: ", ") + "'"
    }

    /// `thesis: ` for a labelled session.
    private static func prefix(_ session: Session) -> String {
        session.label.map { "\($0.rawValue): " } ?? ""
    }
}
