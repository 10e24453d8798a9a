import Foundation
import RefocusCore

/// How sessions are shown to a person.
enum SessionFormat {
    /// `14:05` today, `Mon 09:00` within a week, else the ISO date.
    static func time(_ date: Date, now: Date = Date()) -> String {
        let calendar = Calendar.current
        let clock = date.formatted(.dateTime.hour(.twoDigits(amPM: .omitted)).minute(.twoDigits))
        if calendar.isDate(date, inSameDayAs: now) { return clock }
        if abs(date.timeIntervalSince(now)) < 6 * 86_400 {
            return date.formatted(.dateTime.weekday(.abbreviated)) + " " + clock
        }
        return date.formatted(.iso8601.year().month().day()) + " " + clock
    }

    /// `#3 social, news until 15:42 (49m left, locked)`.
    static func line(_ session: SessionSummary, now: Date = Date()) -> String {
        let lists = session.lists.map(\.rawValue).joined(separator: ", ")
        if let ended = session.endedAt {
            let length = EndTime.length(until: ended, from: session.start)
            return "#\(session.id) \(lists): \(time(session.start, now: now)), \(length), \(session.outcome?.rawValue ?? "ended")"
        }
        let left = EndTime.length(until: session.plannedEnd, from: now)
        return "#\(session.id) \(lists) until \(time(session.plannedEnd, now: now)) (\(left) left\(session.locked ? ", locked" : ""))"
    }
}
