#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RefocusCore
import RefocusProtocol

/// How a session's pending change (`refocus stop --emergency`, or a stop or
/// pause waiting for the session's delay) and its delay are shown.
extension SessionFormat {
    /// `ending at 14:35 (emergency exit)`, `stopping at 14:35 (delay)`, `pausing at 14:35 (delay)`,
    /// `loosening at 14:35 (delay)` (a start took entries away: they stay blocked until then).
    static func pending(_ change: PendingChange, now: Date) -> String {
        let words = self.words(change.kind)
        return "\(words.doing) at \(time(change.effectiveAt, now: now)) (\(words.cause))"
    }

    /// The same for a status bar: `ends 14:35`, `stops 14:35`, `pauses 14:35`.
    static func pendingBrief(_ change: PendingChange, now: Date) -> String {
        "\(words(change.kind).does) \(time(change.effectiveAt, now: now))"
    }

    /// What `refocus stop` and `pause` say of a change they left pending:
    /// `Session 3 (social) ends at 14:35: an emergency exit; it blocks until
    /// then. 'refocus stop --cancel' withdraws it.`, `Session 3 (social) stops
    /// at 14:35, after its delay; …`.
    static func asked(_ session: SessionSummary, _ change: PendingChange, now: Date) -> String {
        let why = change.kind == .emergency ? ": an emergency exit" : ", after its delay"
        return "Session \(session.id) (\(names(session))) \(words(change.kind).does) at "
            + "\(time(change.effectiveAt, now: now))\(why); it blocks until then. 'refocus stop --cancel' withdraws it."
    }

    /// The words for a kind of change: `ending`, `ends`, and why (`emergency exit`, or the session's `delay`).
    private static func words(_ kind: PendingChange.Kind) -> (doing: String, does: String, cause: String) {
        switch kind {
        case .emergency: ("ending", "ends", "emergency exit")
        case .stop: ("stopping", "stops", "delay")
        case .pause: ("pausing", "pauses", "delay")
        case .loosen: ("loosening", "loosens", "delay")
        }
    }

    /// What `refocus stop --cancel` says: `Session 3 (social) runs on until 16:00.`
    static func cancelled(_ session: SessionSummary, now: Date) -> String {
        "Session \(session.id) (\(names(session))) runs on until \(time(session.plannedEnd, now: now)); "
            + "nothing is pending."
    }

    /// `, 2m delay` inside an active session's parentheses when it keeps a delay.
    static func delay(_ session: SessionSummary) -> String {
        guard let seconds = session.delay, seconds > 0 else { return "" }
        return ", \(SessionLength(seconds: seconds)) delay"
    }

    /// `, reason: a call from the school` after an ended emergency exit that kept its reason.
    static func reason(_ session: SessionSummary) -> String {
        session.reason.map { ", reason: \($0.rawValue)" } ?? ""
    }
}
