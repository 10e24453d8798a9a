#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RefocusCore
import RefocusOS

/// How sessions are shown to a person.
enum SessionFormat {
    /// `14:05` today, `Mon 09:00` within a week, else the ISO date, in local
    /// time with a 24-hour clock.
    static func time(_ date: Date, now: Date = Date()) -> String {
        let (local, today) = (LocalTime(date), LocalTime(now))
        if local.isSameDay(as: today) { return local.clock }
        if abs(date.timeIntervalSince(now)) < 6 * 86_400 { return local.weekday + " " + local.clock }
        return local.day + " " + local.clock
    }

    /// `#3 social, news until 15:42 (49m left, locked)` while active;
    /// `#3 social, news: 14:05, 12m of 50m, stopped` once ended; with a
    /// label, `#3 social, news for thesis …`.
    static func line(_ session: SessionSummary, now: Date = Date()) -> String {
        let lists = session.lists.map(\.rawValue).joined(separator: ", ") + (session.label.map { " for \($0)" } ?? "")
        if session.endedAt != nil {
            let (ran, planned) = (self.ran(session), self.planned(session))
            let length = ran < planned ? "\(ran) of \(planned)" : "\(ran)"
            return "#\(session.id) \(lists): \(time(session.start, now: now)), \(length), \(outcome(session))"
        }
        let left = EndTime.length(until: session.plannedEnd, from: now)
        return "#\(session.id) \(lists) until \(time(session.plannedEnd, now: now)) (\(left) left\(session.locked ? ", locked" : ""))"
    }

    /// How long an ended session really ran: from its start to its end.
    static func ran(_ session: SessionSummary) -> SessionLength {
        EndTime.length(until: session.endedAt ?? session.plannedEnd, from: session.start)
    }

    /// How long a session was planned to run (after any extension).
    static func planned(_ session: SessionSummary) -> SessionLength {
        EndTime.length(until: session.plannedEnd, from: session.start)
    }

    /// How a session ended: `completed`, `stopped`, `cleared`, or `ended` when unknown.
    static func outcome(_ session: SessionSummary) -> String {
        session.outcome?.rawValue ?? "ended"
    }
}
