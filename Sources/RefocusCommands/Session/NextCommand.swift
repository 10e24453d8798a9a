import ArgumentParser
import RefocusCore

/// `refocus next [ID]`: skips the rest of a pomodoro session's phase.
struct NextCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "next",
        abstract: "Skip to the next phase of your pomodoro session.",
        discussion: """
            Ends the phase your pomodoro session is in now: from work to the break after \
            it, from a break to the next work phase. The rest of the phase is skipped, so \
            the session ends that much earlier. Without an id, your one pomodoro session \
            (with several, name one). A locked session's work phase cannot be skipped; its \
            breaks can (back to work sooner). A paused session is resumed first ('refocus \
            resume'). --quiet prints nothing on success; --json prints the helper's answer, \
            whose session has the keys of 'refocus status --json' (phase is the new phase).

            \(ExitStatus.helpLine(for: .refocus, [.success, .systemError, .busy],
                                  notes: [.notFound: "no pomodoro session of that id, or it is paused",
                                          .notPermitted: "a locked session's work phase, or sudo refused",
                                          .configuration: "the helper or sudo is not installed"]))

            Examples:
              refocus next                  # Session 3: break 2/4, 5m left; the session ends at 11:42
              refocus next 3
            """)

    @OptionGroup var pace: PaceOptions

    func run() throws {
        try pace.send(.next)
    }
}
