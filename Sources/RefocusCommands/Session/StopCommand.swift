import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RefocusCore
import RefocusOS
import RefocusProtocol

/// `refocus stop [ID]`: ends your session early, unless it is locked; with
/// `--emergency`, asks for a locked session's emergency exit; with
/// `--cancel`, withdraws a pending change.
struct StopCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stop",
        abstract: "Stop your unlocked sessions, or the one named.",
        discussion: """
            A session with a delay (start --delay, [defaults] delay) stops when its delay \
            has passed, blocking until then. A locked session cannot be stopped; the error \
            says how long it has left, and whether the administrator's policy allows an \
            emergency exit: --emergency asks why (kept in history), shows a random text to \
            type back key by key (a paste is refused), then the session ends after the \
            policy's delay (15 minutes by default, one exit a week). --cancel withdraws a \
            pending stop, pause, loosening or emergency exit. Then comes a recap: today's \
            focus, the streak, a milestone just reached (see 'refocus stats'). With no session \
            of your own, it ends the administrator's session for you until its window ends, \
            if they set lock = false. --quiet prints nothing on success.

            \(ExitStatus.helpLine(for: .refocus, [.success, .systemError, .busy],
                                  notes: [.usage: "--emergency without a terminal",
                                          .dataError: "the text typed back did not match, or looked pasted",
                                          .notFound: "you have no active session of that id, or nothing to cancel",
                                          .notPermitted: "the session is locked, no emergency exit is left, or sudo refused",
                                          .configuration: "the helper or sudo is not installed"]))

            Examples:
              refocus stop
              refocus stop 3
              refocus stop --emergency      # a locked one: it ends after a delay
              refocus stop --cancel         # withdraw it
            """)

    @Argument(help: "The session's id, from 'refocus status'.")
    var id: Int64?

    @Flag(help: "End a locked session after the policy's delay.")
    var emergency = false

    @Flag(help: "Withdraw a pending stop, pause, loosening or emergency exit.")
    var cancel = false

    @Flag(help: "Print the helper's answer as JSON.")
    var json = false

    @OptionGroup var output: OutputOptions

    func validate() throws {
        if emergency, cancel { throw ValidationError("--emergency and --cancel cannot be used together; choose one") }
    }

    func run() throws {
        let reason = try emergency ? EmergencyDialogue.ask() : nil
        let response = try HelperClient().send(StopRequest(sessionID: id, emergency: reason, cancel: cancel))
        FollowPublisher.followChange(cancel ? .cancel : .stop, of: response.sessions)
        if json { return try Console.json(response) }
        let answered = Date()
        for session in response.sessions {
            if cancel {
                output.report(SessionFormat.cancelled(session, now: answered))
            } else if session.endedAt == nil, let pending = session.pending {
                output.report(SessionFormat.asked(session, pending, now: answered))
            } else {
                output.report("Stopped " + SessionFormat.line(session, now: answered))
            }
        }
        for window in response.waived ?? [] {
            output.report(
                "Waived for you: " + AdministeredFormat.line(window, now: answered)
                    + "; it binds you again at its next window")
        }
        // The recap once a session ended (not for a change left pending, nor a cancel).
        let ended = response.sessions.contains { $0.endedAt != nil || $0.pending == nil }
        if ended, !cancel, !output.quiet, let recap = Self.recap() { output.report(recap) }
    }

    /// `Today: 1h12m of focus; streak: 4 days.`, with a milestone when one
    /// was just reached; nil when the history cannot be read (the stop is done).
    static func recap(now: Date = Date()) -> String? {
        guard let records = try? FocusHistory.records(since: nil),
            let minimum = try? UserPresets.config().defaults.streakMinimum
        else { return nil }
        let calendar = FocusCalendar(timeZone: MachineTimeZone.current, firstWeekday: MachineWeek.firstWeekday())
        let recap = FocusStats.recap(records: records, now: now, calendar: calendar, streakMinimumMinutes: minimum)
        return FocusRecapText.line(recap)
    }
}
