import ArgumentParser
import RefocusCore

/// `refocus pause [ID]`: lifts an unlocked session's blocks, its time left frozen.
struct PauseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pause",
        abstract: "Lift your session's blocks, its time left frozen.",
        discussion: """
            Lifts the session's blocks until 'refocus resume'; its time left, and a \
            pomodoro session's place in its phase, stand still meanwhile, so it ends later \
            by the time paused. Without an id, every session of yours that runs and is not \
            locked. A locked session cannot be paused; one with a delay (start --delay) \
            pauses when its delay has passed ('refocus stop --cancel' withdraws it). \
            History records how often and how \
            long a session was paused. --quiet prints nothing on success; --json prints the \
            helper's answer (see 'refocus status --json' for its keys).

            \(ExitStatus.helpLine(for: .refocus, [.success, .systemError, .busy],
                                  notes: [.notFound: "no session of that id, or none running",
                                          .notPermitted: "the session is locked, or sudo refused",
                                          .configuration: "the helper or sudo is not installed"]))

            Examples:
              refocus pause                 # Session 3 paused with 32m left
              refocus pause 3
            """)

    @OptionGroup var pace: PaceOptions

    func run() throws {
        try pace.send(.pause)
    }
}
