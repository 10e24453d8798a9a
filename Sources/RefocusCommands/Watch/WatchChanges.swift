#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RefocusCore
import RefocusProtocol

/// What `refocus watch` prints when stdout is not a terminal: one plain line
/// per change, no escapes. A session that starts, changes phase, pauses or
/// resumes gets its `refocus status` line; one that ends, `#3 ended.`; and
/// `No active session.` at first when none is active and whenever the last one ends.
struct WatchChanges {
    /// Each shown session's phase and pause, by id; nil before the first snapshot.
    private var shown: [Int64: String]?

    /// The lines that `snapshot` (as it is at `now`) adds to what was printed.
    mutating func lines(for snapshot: StatusSnapshot, now: Date) -> [String] {
        let previous = shown ?? [:]
        var states: [Int64: String] = [:]
        var lines: [String] = []
        for active in snapshot.sessions {
            let session = active.session
            let state = (session.phase(at: now).map(SessionFormat.name) ?? "") + (session.isPaused ? " paused" : "")
            states[session.id] = state
            if previous[session.id] != state { lines.append(SessionFormat.line(session, now: now)) }
        }
        for id in previous.keys.sorted() where states[id] == nil { lines.append("#\(id) ended.") }
        if states.isEmpty, shown == nil || !previous.isEmpty { lines.append("No active session.") }
        shown = states
        return lines
    }
}
