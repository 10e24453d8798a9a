import Foundation
import Logging
import RefocusCore
import RefocusEnforcement
import RefocusOS
import RefocusPlanning

/// The herald's notifications of pending changes (`PendingNotice`), found
/// by comparing each open session's pending change with the one last told:
/// a new one was asked for, one gone from a paused session applied as its
/// pause, one gone from a session still running was withdrawn (a stop or
/// an emergency exit that applied ended the session, which its end notice
/// tells). What a restarted daemon finds pending is told again once.
extension SessionHerald {
    /// Tells the owners of open sessions whose pending change differs from the one last told.
    func tellPendingChanges() throws {
        let open = try store.read { try $0.openSessions() }
        let zone = MachineTimeZone.current
        for session in open {
            guard let id = session.id, session.pending != toldPending[id] else { continue }
            let told = toldPending[id]
            toldPending[id] = session.pending
            let notice: SessionNotice
            if let change = session.pending {
                notice = PendingNotice.asked(change, of: session, zone: zone)
                logger.info("session \(id): \(change.kind.rawValue) pending until \(change.effectiveAt)")
            } else if let told, told.kind == .pause, session.isPaused {
                notice = PendingNotice.paused(session)
                logger.info("session \(id): paused after its delay")
            } else if let told {
                notice = PendingNotice.withdrawn(told, of: session, zone: zone)
                logger.info("session \(id): its pending \(told.kind.rawValue) was withdrawn")
            } else {
                continue
            }
            if session.notify { OwnerNotification.send(to: session.owner, title: notice.title, body: notice.body) }
        }
        let ids = Set(open.compactMap(\.id))
        toldPending = toldPending.filter { ids.contains($0.key) }
    }
}
