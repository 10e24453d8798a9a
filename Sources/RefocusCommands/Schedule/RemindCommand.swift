import ArgumentParser
import RefocusCore
import RefocusFeatures
import RefocusOS

/// `refocus remind TEXT`: shows a reminder as a desktop notification, as the
/// calling user; what the crontab line of `schedule add … --remind` runs.
/// Left out of `refocus --help` (a screen of 40 lines), told in `schedule
/// add --help`, the man page and the user guide.
struct RemindCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remind",
        abstract: "Show a reminder now, as a desktop notification.",
        usage: "refocus remind [--] <text>",
        discussion: """
            What a schedule added with --remind runs (refocus schedule add "0 9 * * \
            mon-fri" --remind TEXT); run it yourself to see how a reminder looks. It \
            sends the text through notify-send, as you, to your session bus: the one \
            DBUS_SESSION_BUS_ADDRESS names, or (under cron, which sets no such \
            variable) /run/user/UID/bus when it is a socket of yours. It starts no \
            session and needs no helper.

            \(ExitStatus.helpLine(for: .refocus, [.success, .usage, .systemError],
                                  notes: [.dataError: "a text that is not one line of at most 200 bytes",
                                          .notFound: "no session bus of yours, as when not logged in to a desktop",
                                          .configuration: "notify-send is not installed"]))

            Example:
              refocus remind -- "Plan the day's focus"
            """,
        shouldDisplay: false)

    @Argument(
        help: ArgumentHelp("One line of at most 200 bytes.", valueName: "text"),
        completion: .list([]))
    var text: String

    func run() throws {
        let reminder = try ReminderText(text)
        try UserNotification.send(title: reminder.rawValue, body: Self.body)
    }

    /// The notification's body under the reminder's text.
    static let body = "A reminder you scheduled; 'refocus schedule list' shows it."
}
