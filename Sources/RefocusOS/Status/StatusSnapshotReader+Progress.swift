#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RefocusCore
import RefocusProtocol

/// A session's progress fields as `SessionSummary` encodes them beside its
/// others: `pomodoro` {work, shortBreak, cycles, longBreak} in seconds,
/// `phase` {kind, cycle, cycles, endsAt}, `pause` {pausedAt?, seconds,
/// count} and `completedWork`, each absent when it does not apply.
extension StatusSnapshotReader {
    /// The progress in a session's fields; nil when one of them is not as the encoder writes it.
    static func progress(_ fields: JSONValue) -> SessionProgress? {
        var progress = SessionProgress()
        if let value = fields.present("pomodoro") {
            guard let plan = pomodoro(value) else { return nil }
            progress.pomodoro = plan
        }
        if let value = fields.present("phase") {
            guard let kind = value["kind"]?.string.flatMap(PhaseKind.init(rawValue:)),
                let cycle = value["cycle"]?.integer, let cycles = value["cycles"]?.integer,
                let endsAt = date(value["endsAt"]?.string)
            else { return nil }
            progress.phase = PhaseStatus(kind: kind, cycle: cycle, cycles: cycles, endsAt: endsAt)
        }
        if let value = fields.present("pause") {
            guard let seconds = value["seconds"]?.integer, let count = value["count"]?.integer else { return nil }
            var pausedAt: Date?
            if let at = value.present("pausedAt") {
                guard let parsed = date(at.string) else { return nil }
                pausedAt = parsed
            }
            progress.pause = PauseStatus(pausedAt: pausedAt, seconds: seconds, count: count)
        }
        if let value = fields.present("completedWork") {
            guard let count = value.integer else { return nil }
            progress.completedWork = count
        }
        return progress
    }

    /// A plan, its bounds checked as its decoder checks them; its only keys are its four parts.
    private static func pomodoro(_ value: JSONValue) -> PomodoroPlan? {
        guard case .object(let members) = value, members.count == 4,
            let work = value["work"]?.integer, let shortBreak = value["shortBreak"]?.integer,
            let cycles = value["cycles"]?.integer, let longBreak = value["longBreak"]?.integer,
            work >= 0, shortBreak >= 0, longBreak >= 0
        else { return nil }
        return try? PomodoroPlan(
            work: SessionLength(seconds: work), shortBreak: SessionLength(seconds: shortBreak),
            cycles: cycles, longBreak: SessionLength(seconds: longBreak))
    }
}
