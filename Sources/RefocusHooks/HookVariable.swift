#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RefocusCore
import RefocusProtocol

/// The `REFOCUS_*` variables a hook finds in its environment: the only
/// names the daemon passes to the hook runner and the runner passes on,
/// each checked for the form the daemon writes (`accepts`). Every one is
/// set for every event; those that do not apply are empty.
public enum HookVariable: String, CaseIterable, Sendable {
    /// The session's number, as `refocus status` shows it: `12`.
    case sessionID = "REFOCUS_SESSION_ID"
    /// The session's lists, comma-joined: `social,news`.
    case lists = "REFOCUS_LISTS"
    /// The event, which is also the hook's name: `start`.
    case event = "REFOCUS_EVENT"
    /// `work`, `short-break` or `long-break` in a pomodoro session; else empty.
    case phase = "REFOCUS_PHASE"
    /// The pomodoro cycle, `2/4`; else empty.
    case cycle = "REFOCUS_CYCLE"
    /// When the session ends, ISO 8601 in UTC: `2026-11-21T14:05:00Z`.
    case endsAt = "REFOCUS_ENDS_AT"
    /// At `end`: `completed`, `stopped` or `cleared`; else empty.
    case outcome = "REFOCUS_OUTCOME"
    /// The session's label (`refocus start --label`); else empty.
    case label = "REFOCUS_LABEL"

    /// The most bytes a value may have: 64 list names of 64 bytes and their commas fit.
    public static let maximumLength = 4_160

    /// Whether `value` has the form the daemon writes for this variable:
    /// empty where the variable may not apply, else a valid value of its
    /// kind, and never longer than `maximumLength` bytes.
    public func accepts(_ value: String) -> Bool {
        guard value.utf8.count <= Self.maximumLength else { return false }
        if value.isEmpty { return ![.sessionID, .event, .endsAt].contains(self) }
        switch self {
        case .sessionID:
            return value.utf8.count <= 18 && value.first != "0" && value.utf8.allSatisfy { (0x30...0x39).contains($0) }
        case .lists:
            let names = value.split(separator: ",", omittingEmptySubsequences: false)
            return names.count <= HelperProtocol.maximumLists && names.allSatisfy { (try? BlockListName($0)) != nil }
        case .event:
            return HookEvent(rawValue: value) != nil
        case .phase:
            return PhaseKind(rawValue: value) != nil
        case .cycle:
            return HookCycle(value) != nil
        case .endsAt:
            return HookTime.date(value) != nil
        case .outcome:
            return SessionOutcome(rawValue: value) != nil
        case .label:
            return (try? SessionLabel(value)) != nil
        }
    }

    /// The `REFOCUS_*` entries of `environment` that a hook may see: names
    /// of this enum only, values they `accept`, in this enum's order.
    /// `rejected` names the variables present with a value of another form.
    public static func filter(_ environment: [String: String]) -> (
        accepted: [(name: String, value: String)],
        rejected: [HookVariable]
    ) {
        var accepted: [(name: String, value: String)] = []
        var rejected: [HookVariable] = []
        for variable in allCases {
            guard let value = environment[variable.rawValue] else { continue }
            if variable.accepts(value) {
                accepted.append((variable.rawValue, value))
            } else {
                rejected.append(variable)
            }
        }
        return (accepted, rejected)
    }
}

/// The one form of times in hooks' environment and log: ISO 8601 in UTC to
/// the second, `2026-11-21T14:05:00Z`.
public enum HookTime {
    /// `date` as `2026-11-21T14:05:00Z`.
    public static func text(_ date: Date) -> String {
        date.formatted(.iso8601)
    }

    /// The date `text` names when it has exactly that form; else nil.
    public static func date(_ text: String) -> Date? {
        guard let date = try? Date.ISO8601FormatStyle().parse(text), self.text(date) == text else { return nil }
        return date
    }
}
