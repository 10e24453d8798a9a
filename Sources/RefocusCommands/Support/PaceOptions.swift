import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RefocusCore
import RefocusFeatures
import RefocusProtocol

/// What `refocus next`, `pause` and `resume` share: the id argument, the
/// request to the helper, and the line saying what changed.
struct PaceOptions: ParsableArguments {
    @Argument(help: "The session's id, from 'refocus status'.")
    var id: Int64?

    @Flag(help: "Print the helper's answer as JSON.")
    var json = false

    @OptionGroup var output: OutputOptions

    /// Sends `change` through the helper and prints each session it changed
    /// (or when a pause waits for the session's delay), or the helper's answer
    /// with --json; notes go to stderr.
    func send(_ change: PaceChange) throws {
        let response = try HelperClient().send(PaceRequest(change: change, sessionID: id))
        if let action = SessionIntent.Action(rawValue: change.rawValue) {
            FollowPublisher.followChange(action, of: response.sessions)
        }
        if json { return try Console.json(response) }
        let answered = Date()  // after the helper's answer: the time left counts from then
        for session in response.sessions {
            // A session with a delay pauses when the delay has passed.
            if change == .pause, !session.isPaused, let pending = session.pending, pending.kind == .pause {
                output.report(SessionFormat.asked(session, pending, now: answered))
            } else {
                output.report(Self.line(change, session, now: answered))
            }
        }
        response.notes.forEach { Console.error($0.text) }
    }

    /// `Session 3: break 2/4, 5m left; the session ends at 11:42`, `Session 3
    /// paused with 32m left, in work 2/4 with 12m left`, `Session 3 resumed:
    /// work 2/4 until 11:05, ends at 11:42`.
    static func line(_ change: PaceChange, _ session: SessionSummary, now: Date) -> String {
        let phase = session.phase(at: now)
        let end = SessionFormat.time(session.plannedEnd, now: now)
        switch change {
        case .next:
            guard let phase else { return "Session \(session.id): its last phase was skipped; it ends now" }
            return "Session \(session.id): \(SessionFormat.name(phase)), "
                + "\(EndTime.length(until: phase.endsAt, from: now)) left; the session ends at \(end)"
        case .pause:
            let frozen = session.progress.pause?.pausedAt ?? now
            return "Session \(session.id) paused with \(EndTime.length(until: session.plannedEnd, from: frozen)) left"
                + (phase.map {
                    ", in \(SessionFormat.name($0)) with \(EndTime.length(until: $0.endsAt, from: frozen)) left"
                } ?? "")
        case .resume:
            return "Session \(session.id) resumed: "
                + (phase.map { "\(SessionFormat.name($0)) until \(SessionFormat.time($0.endsAt, now: now)), " } ?? "")
                + "ends at \(end)"
        }
    }
}
