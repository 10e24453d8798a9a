#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RefocusCore
import RefocusProtocol

/// What a status bar shows of the active sessions after their lists, and
/// the class it has (waybar's `class` and `alt`): the time left until the
/// last running session ends (`active`); a running pomodoro session's phase
/// and its time left instead (`work 2/4 12m3s` is `active`, `break 2/4 4m`
/// and `long break 15m` are `break`); `paused` and the time left when every
/// session is paused (`paused`). `allow` instead of `active` while an
/// allowlist session restricts its owner.
struct BarState: Equatable {
    /// `23m`, `work 2/4 12m3s`, `paused 32m`: also i3blocks' short text.
    let text: String
    /// `active`, `allow`, `break` or `paused`.
    let name: String

    /// Whether blocks are in force (not only breaks and pauses).
    var blocks: Bool { name == "active" || name == "allow" }

    /// The state of `sessions` at `now`; nil when there is none.
    init?(_ sessions: [StatusSnapshot.ActiveSession], now: Date) {
        guard !sessions.isEmpty else { return nil }
        let running = sessions.map(\.session).filter { !$0.isPaused }
        let phases = running.compactMap { $0.phase(at: now) }
        let active =
            running.contains { $0.mode == .allow && $0.phase(at: now)?.kind.isBreak != true } ? "allow" : "active"
        // A work phase blocks; a break is shown only when every running session is in one.
        if let phase = phases.first(where: { $0.kind == .work }) ?? (phases.count == running.count ? phases.first : nil)
        {
            text = SessionFormat.name(phase) + " \(EndTime.length(until: phase.endsAt, from: now))"
            name = phase.kind.isBreak ? "break" : active
        } else if let last = running.map(\.plannedEnd).max() {
            (text, name) = ("\(EndTime.length(until: last, from: now))", active)
        } else {
            // Their time stands still at their pause.
            let left = sessions.map {
                EndTime.length(until: $0.session.plannedEnd, from: $0.session.progress.pause?.pausedAt ?? now)
            }
            (text, name) = ("paused \(left.max() ?? SessionLength(seconds: 0))", "paused")
        }
    }
}
