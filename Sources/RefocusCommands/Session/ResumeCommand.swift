import ArgumentParser
import RefocusCore

/// `refocus resume [ID]`: restores a paused session's blocks.
struct ResumeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resume",
        abstract: "Resume your paused session: its blocks are back.",
        discussion: """
            Restores the blocks of a session paused with 'refocus pause' (of a pomodoro \
            session, if it was paused in a work phase); it ends later by the time it was \
            paused. Without an id, every paused session of yours. Starting the same lists \
            again resumes it too. --quiet prints nothing on success; --json prints the \
            helper's answer (see 'refocus status --json' for its keys).

            \(ExitStatus.helpLine(for: .refocus, [.success, .systemError, .busy],
                                  notes: [.notFound: "no paused session of that id",
                                          .notPermitted: "sudo refused",
                                          .configuration: "the helper or sudo is not installed"]))

            Examples:
              refocus resume                # Session 3 resumed: ends at 11:42
              refocus resume 3
            """)

    @OptionGroup var pace: PaceOptions

    func run() throws {
        try pace.send(.resume)
    }
}
