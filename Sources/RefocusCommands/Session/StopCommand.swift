import ArgumentParser
import RefocusCore

/// `refocus stop [ID]`: ends your session early, unless it is locked.
struct StopCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stop",
        abstract: "Stop your session (all your unlocked ones without an id).",
        discussion: """
            A locked session cannot be stopped; the error says how long it has left. \
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
    }
}
