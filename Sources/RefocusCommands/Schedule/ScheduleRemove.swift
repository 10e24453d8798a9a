import ArgumentParser
import RefocusCore
import RefocusOS

/// `refocus schedule remove ID`: takes a schedule's line out of the crontab.
struct ScheduleRemove: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Remove a schedule from your crontab.",
        discussion: """
            The number is the one 'refocus schedule list' shows. Removing the last \
            schedule removes the refocus section too, leaving your crontab byte for byte \
            as it was before the first one (or no crontab, if you had none). A session \
            the schedule started runs on.

            \(ExitStatus.helpLine(for: .refocus, [.success, .usage, .systemError],
                                  notes: [.dataError: "a damaged refocus section in your crontab",
                                          .notFound: "no schedule of that number",
                                          .notPermitted: "crontab refuses you",
                                          .configuration: "crontab is not installed"]))

            Example:
              refocus schedule remove 2
            """)

    @Argument(
        help: ArgumentHelp(
            "The schedule's number, as 'refocus schedule list' shows it (2 or #2).",
            valueName: "id"),
        completion: .custom(Schedules.completeIDs))
    var id: String

    @OptionGroup var output: OutputOptions

    /// The number, without a leading `#`.
    var number: Int? {
        Int(id.hasPrefix("#") ? String(id.dropFirst()) : id).flatMap { $0 > 0 ? $0 : nil }
    }

    func validate() throws {
        if number == nil {
            throw ValidationError("'\(id)' is not a schedule's number; 'refocus schedule list' shows them")
        }
    }

    func run() throws {
        let table = try Schedules.table()
        let id = number ?? 0
        let bytes = try table.removing(id: id)
        try UserCrontab.write(bytes)
        let removed = table.lines.first { $0.entry.id == id }
        output.report("Removed schedule #\(id)" + (removed.map { ": \($0.entry.expression) \($0.entry.action)" } ?? ""))
    }
}
