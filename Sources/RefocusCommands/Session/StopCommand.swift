import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RefocusCore
import RefocusOS
import RefocusProtocol

/// `refocus stop [ID]`: ends your session early, unless it is locked.
struct StopCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stop",
        abstract: "Stop your unlocked sessions, or the one named.",
        discussion: """
            A locked session cannot be stopped; the error says how long it has left. \
            After the stopped sessions comes a recap: today's focused time, the current \
            streak, and a milestone of 7, 30, 100 or 365 days when this session's day just \
            reached it (see 'refocus stats'); it is left out when the history cannot be read. \
            --quiet prints nothing on success.

            \(ExitStatus.helpLine(for: .refocus, [.success, .systemError, .busy],
                                  notes: [.notFound: "you have no active session of that id",
                                          .notPermitted: "the session is locked, or sudo refused",
                                          .configuration: "the helper or sudo is not installed"]))

            Examples:
              refocus stop
              refocus stop 3
            """)

    @Argument(help: "The session's id, from 'refocus status'.")
    var id: Int64?

    @Flag(help: "Print the helper's answer as JSON.")
    var json = false

    @OptionGroup var output: OutputOptions

    func run() throws {
        let response = try HelperClient().send(StopRequest(sessionID: id))
        if json { return try Console.json(response) }
        response.sessions.forEach { output.report("Stopped " + SessionFormat.line($0)) }
        if !response.sessions.isEmpty, !output.quiet, let recap = Self.recap() { output.report(recap) }
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
