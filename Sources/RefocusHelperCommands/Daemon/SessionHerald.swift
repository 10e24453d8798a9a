import Foundation
import Logging
import RefocusCore
import RefocusEnforcement
import RefocusOS

/// Tells owners what happened to their sessions: after each reconcile, it
/// finds the events due (`SessionAnnouncements`: starts, phase changes,
/// ends), keeps what it announced in the store, and sends the owner's
/// desktop notification (`SessionNotice`, when the session asked for
/// notifications). Never in the way of enforcement: it runs after the
/// reconcile, and nothing it starts is waited for.
final class SessionHerald {
    private let store: SessionStore
    private let logger: Logger

    /// A herald over `store`, logging through `logger`.
    init(store: SessionStore, logger: Logger) {
        self.store = store
        self.logger = logger
    }

    /// Announces what is due at `now`.
    func announce(now: Date) {
        do {
            let due = try store.read { transaction in
                try transaction.announcing().compactMap { session, marker -> Due? in
                    let (events, newMarker) = SessionAnnouncements.due(session, announced: marker, now: now)
                    guard let id = session.id, newMarker != marker else { return nil }
                    return Due(id: id, session: session, events: events, marker: newMarker)
                }
            }
            guard !due.isEmpty else { return }
            try store.write { transaction in
                for item in due { try transaction.markAnnounced(item.id, item.marker) }
            }
            for item in due where !item.events.isEmpty { tell(item) }
        } catch {
            logger.error("session events were not announced: \(error)")
        }
    }

    private func tell(_ item: Due) {
        let names = item.events.map(\.kind.rawValue).joined(separator: ", ")
        logger.info("session \(item.id): \(names)")
        if item.session.notify, let notice = SessionNotice(item.events, of: item.session) {
            OwnerNotification.send(to: item.session.owner, title: notice.title, body: notice.body)
        }
    }

    /// The events due for one session, and the marker to keep.
    private struct Due: Sendable {
        let id: Int64
        let session: Session
        let events: [SessionEvent]
        let marker: String
    }
}
