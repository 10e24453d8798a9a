import ArgumentParser
import RefocusCore

/// The options that shape a session, shared by `refocus start` and
/// `refocus preset save`: the lists, an end time instead of a length, the
/// lock and the label.
struct SessionOptions: ParsableArguments {
    @Option(name: .customLong("list"), help: "A list to block (repeatable).",
            completion: .custom(UserLists.completeNames))
    var lists: [String] = []

    @Option(help: ArgumentHelp("End at the next such time instead, such as 17:30.", valueName: "HH:MM"))
    var until: String?

    @Flag(help: "Refuse 'refocus stop' until the session ends.")
    var lock = false

    @Option(help: ArgumentHelp("What the time is for, shown in status and history, such as thesis.", valueName: "TEXT"))
    var label: String?

    /// Refuses a bad list name, end time or label as a usage error that names it.
    func validate() throws {
        do {
            _ = try lists.map { try BlockListName($0) }
            _ = try until.map { try EndTime.validateClock($0) }
            _ = try label.map { try SessionLabel($0) }
        } catch { throw ValidationError("\(error)") }
    }
}
