#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RefocusCore

/// The desktop notification for a session's events: its end (with the
/// time it ran against its plan, and how it ended), and each change of
/// pomodoro phase (with what comes next). A session's own start, and the
/// first work phase that comes with it, are not announced: the owner just
/// started it.
public struct SessionNotice: Sendable, Equatable {
    /// The notification's title.
    public var title: String
    /// Its body.
    public var body: String

    /// A notice.
    public init(title: String, body: String) {
        self.title = title
        self.body = body
    }

    /// The notice for `events` of `session` (as stored after them), or nil
    /// when none of them is worth one. The most telling event wins: the end,
    /// else a break's start, else a work phase's start.
    public init?(_ events: [SessionEvent], of session: Session) {
        let kinds = events.map(\.kind)
        let lists = session.lists.map(\.rawValue).joined(separator: ", ")
        let prefix = session.label.map { "\($0.rawValue): " } ?? ""
        let cycles = session.timeline.pomodoro?.cycles ?? 0
        if kinds.contains(.end), let endedAt = session.endedAt {
            let paused = session.timeline.pausedSeconds
            let ran = SessionLength(seconds: Int((endedAt.timeIntervalSince(session.start) - paused).rounded()))
            let planned = SessionLength(
                seconds: Int((session.plannedEnd.timeIntervalSince(session.start) - paused).rounded()))
            let how =
                switch session.outcome {
                case .completed?: "completed"
                case .stopped?: "stopped after \(ran)"
                case .cleared?: "cleared by root after \(ran)"
                case .emergency?: "ended by its emergency exit after \(ran)"
                case nil: "ended after \(ran)"
                }
            let work = session.completedWork(at: endedAt).map { "; \($0) of \(cycles) work phases" } ?? ""
            title = "\(prefix)Focus session ended"
            body = "\(lists): \(planned), \(how)\(work)."
        } else if let event = events.last(where: { $0.kind == .breakStart }), let phase = event.phase {
            let length = SessionLength(seconds: phase.end - phase.start)
            if phase.kind == .longBreak {
                title = "\(prefix)Long break: \(length)"
                body = "All \(cycles) work phases done: \(lists) unblocked until the session ends."
            } else {
                title = "\(prefix)Break: \(length)"
                body =
                    "Work phase \(phase.cycle) of \(cycles) done: \(lists) unblocked; work phase \(phase.cycle + 1) follows."
            }
        } else if !kinds.contains(.start), let event = events.last(where: { $0.kind == .workStart }),
            let phase = event.phase
        {
            title =
                "\(prefix)Work phase \(phase.cycle) of \(cycles): \(SessionLength(seconds: phase.end - phase.start))"
            body = "Break over: \(lists) blocked again."
        } else {
            return nil
        }
    }
}
