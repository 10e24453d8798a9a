import ArgumentParser
import RefocusCore

/// `refocus status`: the active sessions.
struct StatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show the active sessions.",
        discussion: """
            Example:
              refocus status --json | jq '.sessions[].plannedEnd'
            """)

    @Flag(help: "Print the helper's answer as JSON: {ok, sessions: [...], notes}.")
    var json = false

    func run() throws {
        let response = try HelperClient().send(.status)
        if json { return try Console.json(response) }
        if response.sessions.isEmpty { return print("No active session.") }
        response.sessions.forEach { print(SessionFormat.line($0)) }
    }
}
