#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RefocusCore
import RefocusPlanning
import RefocusProtocol

/// What a hook is told about the session it runs for: the daemon fills
/// one in at each event and `environment(for:)` turns it into the
/// `REFOCUS_*` pairs (`HookVariable`) that reach the hook.
public struct HookContext: Sendable, Equatable {
    /// The session's store id.
    public var sessionID: Int64
    /// Its lists.
    public var lists: [BlockListName]
    /// The pomodoro phase the event begins or ends; nil for a session's own start and end.
    public var phase: PhaseKind?
    /// The pomodoro cycle; nil outside pomodoro sessions.
    public var cycle: HookCycle?
    /// When the session ends.
    public var endsAt: Date
    /// How it ended, at `end`; else nil.
    public var outcome: SessionOutcome?
    /// Its label; nil for none.
    public var label: SessionLabel?

    /// A context.
    public init(
        sessionID: Int64, lists: [BlockListName], endsAt: Date, phase: PhaseKind? = nil,
        cycle: HookCycle? = nil, outcome: SessionOutcome? = nil, label: SessionLabel? = nil
    ) {
        self.sessionID = sessionID
        self.lists = lists
        self.endsAt = endsAt
        self.phase = phase
        self.cycle = cycle
        self.outcome = outcome
        self.label = label
    }

    /// Every `REFOCUS_*` variable for `event`, in `HookVariable`'s order,
    /// empty where it does not apply; each value is one `HookVariable.accepts`.
    public func environment(for event: HookEvent) -> [(name: String, value: String)] {
        HookVariable.allCases.map { variable in
            let value =
                switch variable {
                case .sessionID: String(sessionID)
                case .lists: lists.map(\.rawValue).joined(separator: ",")
                case .event: event.rawValue
                case .phase: phase?.rawValue ?? ""
                case .cycle: cycle?.text ?? ""
                case .endsAt: HookTime.text(endsAt)
                case .outcome: outcome?.rawValue ?? ""
                case .label: label?.rawValue ?? ""
                }
            return (variable.rawValue, value)
        }
    }
}

extension HookContext {
    /// The context of `event` of `session` (stored: it has an id): its
    /// lists, planned end and label, the phase and cycle of a phase event,
    /// and the outcome at its end.
    public init(_ event: SessionEvent, of session: Session) {
        let cycles = session.timeline.pomodoro?.cycles
        self.init(
            sessionID: session.id ?? 0, lists: session.lists, endsAt: session.plannedEnd,
            phase: event.phase?.kind,
            cycle: event.phase.flatMap { phase in cycles.flatMap { HookCycle(phase.cycle, of: $0) } },
            outcome: event.kind == .end ? session.outcome : nil, label: session.label)
    }
}
