#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RefocusCore

/// One event of a session, with the phase it concerns (for phase events).
public struct SessionEvent: Sendable, Equatable {
    /// What happened.
    public var kind: SessionEventKind
    /// The phase that started or ended; nil for the session's own start and end.
    public var phase: PomodoroPhase?

    /// An event.
    public init(_ kind: SessionEventKind, phase: PomodoroPhase? = nil) {
        self.kind = kind
        self.phase = phase
    }
}

/// Which events of a session are due, given what was last announced of it
/// (a marker the daemon keeps in the store, so that a restarted daemon
/// neither repeats nor loses an event): the session's start, then each
/// change of phase, then its end. A phase missed while no daemon ran is not
/// replayed: the change from the last announced phase to the current one
/// is. A session that ended without ever being announced, or whose end is
/// older than `staleAfter`, is marked without running anything: an end
/// hook for a start hook that never ran, or hours late, would do harm.
public enum SessionAnnouncements {
    /// How late an end is still announced.
    public static let staleAfter: Duration = .seconds(10 * 60)
    /// The marker of a session whose end was announced.
    public static let ended = "end"

    /// The events due for `session` at `now` after `announced`, and the marker to keep.
    public static func due(_ session: Session, announced: String?, now: Date) -> (
        events: [SessionEvent], marker: String
    ) {
        let last = announced.flatMap(Mark.init(marker:))
        if let endedAt = session.endedAt {
            guard case .running(let phase)? = last,
                now.timeIntervalSince(endedAt) <= staleAfter.timeInterval
            else { return ([], ended) }
            return ((phase.map { [SessionEvent(endKind($0.kind), phase: $0)] } ?? []) + [SessionEvent(.end)], ended)
        }
        let current = session.phase(at: now)
        let mark = Mark.running(current)
        switch last {
        case .ended?:
            return ([], ended)
        case .running(let previous)?:
            guard previous?.kind != current?.kind || previous?.cycle != current?.cycle else { return ([], mark.marker) }
            return (
                (previous.map { [SessionEvent(endKind($0.kind), phase: $0)] } ?? [])
                    + (current.map { [SessionEvent(startKind($0.kind), phase: $0)] } ?? []), mark.marker
            )
        case nil:
            return (
                [SessionEvent(.start)] + (current.map { [SessionEvent(startKind($0.kind), phase: $0)] } ?? []),
                mark.marker
            )
        }
    }

    private static func startKind(_ kind: PhaseKind) -> SessionEventKind { kind.isBreak ? .breakStart : .workStart }
    private static func endKind(_ kind: PhaseKind) -> SessionEventKind { kind.isBreak ? .breakEnd : .workEnd }

    /// What was announced: the start, with the phase in force then, or the end.
    enum Mark: Equatable {
        case running(PomodoroPhase?)
        case ended

        /// `start`, `start work 2 1500 3000` (kind, cycle, offsets), or `end`.
        init?(marker: String) {
            let words = marker.split(separator: " ")
            switch words.first {
            case "end"?: self = .ended
            case "start"? where words.count == 1: self = .running(nil)
            case "start"? where words.count == 5:
                guard let kind = PhaseKind(rawValue: String(words[1])), let cycle = Int(words[2]),
                    let start = Int(words[3]), let end = Int(words[4])
                else { return nil }
                self = .running(PomodoroPhase(kind: kind, cycle: cycle, start: start, end: end))
            default: return nil
            }
        }

        var marker: String {
            switch self {
            case .ended: SessionAnnouncements.ended
            case .running(nil): "start"
            case .running(let phase?): "start \(phase.kind.rawValue) \(phase.cycle) \(phase.start) \(phase.end)"
            }
        }
    }
}
