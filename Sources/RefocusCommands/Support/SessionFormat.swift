#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RefocusCore
import RefocusOS
import RefocusProtocol

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

    /// `#3 social, news until 15:42 (49m left, locked)` while active, with
    /// a pomodoro session's phase after it (`, work 2/4 until 14:05 (12m left)`);
    /// `#3 social paused (32m left)` while paused; `#3 social, news: 14:05,
    /// 12m of 50m, stopped` once ended, with the work phases completed and
    /// the pauses after it; with a label, `#3 social, news for thesis …`;
    /// an allowlist session's lists as `allow: work`; a delay in the
    /// parentheses (`, 2m delay`) and a pending change after it (`, ending at
    /// 14:35 (emergency exit)`); an ended emergency exit's reason at the end.
    static func line(_ session: SessionSummary, now: Date = Date()) -> String {
        let lists = names(session) + (session.label.map { " for \($0)" } ?? "")
        if session.endedAt != nil {
            let (ran, planned) = (self.ran(session), self.planned(session))
            let length = ran < planned ? "\(ran) of \(planned)" : "\(ran)"
            return "#\(session.id) \(lists): \(time(session.start, now: now)), \(length), \(outcome(session))"
                + progress(session).map { ", " + $0 }.joinedText() + reason(session)
        }
        // A paused session's time stands still at its pause.
        let frozen = session.progress.pause?.pausedAt ?? now
        let left =
            "(\(EndTime.length(until: session.plannedEnd, from: frozen)) left\(session.locked ? ", locked" : "")"
            + "\(delay(session)))"
        let phase =
            session.phase(at: now).map { phase in
                let phaseLeft = "(\(EndTime.length(until: phase.endsAt, from: frozen)) left)"
                return session.isPaused
                    ? ", in \(name(phase)) \(phaseLeft)"
                    : ", \(name(phase)) until \(time(phase.endsAt, now: now)) \(phaseLeft)"
            } ?? ""
        let pending = session.pending.map { ", " + self.pending($0, now: now) } ?? ""
        if session.isPaused { return "#\(session.id) \(lists) paused \(left)" + phase + pending }
        return "#\(session.id) \(lists) until \(time(session.plannedEnd, now: now)) \(left)" + phase + pending
    }

    /// `social, news` for a block-list session, `allow: work, docs` for an allowlist session.
    static func names(_ session: SessionSummary) -> String {
        (session.mode == .allow ? "allow: " : "") + session.lists.map(\.rawValue).joinedText(", ")
    }

    /// `work 2/4`, `break 2/4` (the break after work phase 2), `long break`.
    static func name(_ phase: PhaseStatus) -> String {
        switch phase.kind {
        case .work: "work \(phase.cycle)/\(phase.cycles)"
        case .shortBreak: "break \(phase.cycle)/\(phase.cycles)"
        case .longBreak: "long break"
        }
    }

    /// What an ended session's history adds: `3/4 work phases`, `paused 2 times for 12m`.
    static func progress(_ session: SessionSummary) -> [String] {
        var parts: [String] = []
        if let plan = session.progress.pomodoro {
            parts.append("\(session.progress.completedWork ?? 0)/\(plan.cycles) work phases")
        }
        if let pause = session.progress.pause, pause.count > 0 {
            let times = pause.count == 1 ? "once" : "\(pause.count) times"
            parts.append("paused \(times) for \(SessionLength(seconds: pause.seconds))")
        }
        return parts
    }

    /// How long an ended session really ran: from its start to its end.
    static func ran(_ session: SessionSummary) -> SessionLength {
        EndTime.length(until: session.endedAt ?? session.plannedEnd, from: session.start)
    }

    /// How long a session was planned to run (after any extension).
    static func planned(_ session: SessionSummary) -> SessionLength {
        EndTime.length(until: session.plannedEnd, from: session.start)
    }

    /// How a session ended: `completed`, `stopped`, `emergency`, `cleared`, or `ended` when unknown.
    static func outcome(_ session: SessionSummary) -> String {
        session.outcome?.rawValue ?? "ended"
    }
}
