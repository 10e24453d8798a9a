import ArgumentParser
import RefocusCore
import RefocusFeatures

/// The options that shape a session, shared by `refocus start` and
/// `refocus preset save`: the lists to block or to allow, an end time instead of a length, the
/// lock, the label, and a pomodoro plan (`--pomodoro`, `--cycles`,
/// `--long-break`; the plan's `WORK/BREAK` is a positional word, since an
/// option whose value may be left out cannot be told from the next word).
struct SessionOptions: ParsableArguments {
    @Option(
        name: .customLong("list"), help: "A list to block (repeatable).",
        completion: .custom(UserLists.completeNames))
    var lists: [String] = []

    @Option(
        name: .customLong("allow"),
        help: "A list to allow alone, for you (repeatable).",
        completion: .custom(UserLists.completeNames))
    var allowLists: [String] = []

    @Option(help: ArgumentHelp("End at the next such time instead, such as 17:30.", valueName: "HH:MM"))
    var until: String?

    @Flag(help: "Refuse 'refocus stop' until the session ends.")
    var lock = false

    @Option(help: ArgumentHelp("What the time is for, such as thesis.", valueName: "TEXT"))
    var label: String?

    @Flag(help: ArgumentHelp("Work and breaks, 25/5 unless a WORK/BREAK says."))
    var pomodoro = false

    @Option(
        help: ArgumentHelp("Pomodoro work phases, 1 to 12 (default 4).", valueName: "N"),
        completion: .list(["2", "3", "4", "6"]))
    var cycles: Int?

    @Option(
        help: ArgumentHelp("The last pomodoro break, 0 for none (default 15m).", valueName: "LENGTH"),
        completion: .list(["0", "10m", "15m", "30m"]))
    var longBreak: String?

    /// Refuses a bad list name, end time, label or long break as a usage error that names it.
    func validate() throws {
        do {
            _ = try (lists + allowLists).map { try BlockListName($0) }
            _ = try until.map { try EndTime.validateClock($0) }
            _ = try label.map { try SessionLabel($0) }
        } catch { throw ValidationError("\(error)") }
        if !lists.isEmpty, !allowLists.isEmpty { throw ValidationError(SessionChoiceError.listsAndAllow.description) }
        do { _ = try pomodoroOptions } catch { throw ValidationError("--long-break: \(error)") }
    }

    /// The lists given, and whether they are to block or to allow.
    var chosenLists: (names: [BlockListName], mode: SessionMode) {
        get throws {
            allowLists.isEmpty
                ? (try lists.map { try BlockListName($0) }, .block)
                : (try allowLists.map { try BlockListName($0) }, .allow)
        }
    }

    /// The pomodoro options given (`--pomodoro`, `--cycles`, `--long-break`).
    var pomodoroOptions: PomodoroOptions {
        get throws {
            PomodoroOptions(
                requested: pomodoro, cycles: cycles,
                longBreak: try longBreak.map { try PomodoroOptions.longBreak($0) })
        }
    }
}
