import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RefocusCore
import RefocusOS
import RefocusFeatures

/// `refocus schedule add EXPRESSION (NAME | --list L… | --allow L… LENGTH|--until HH:MM | --remind TEXT)`:
/// a crontab line.
struct ScheduleAdd: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add a schedule: cron starts a session (or a reminder) at these times.",
        usage: UsageLine.wrapped(
            "refocus schedule add <expression> [<name-or-length>] [--list <list> ...] "
                + "[--allow <allow> ...] [--until <HH:MM>] [--lock] [--remind <text>] [--quiet]"),
        discussion: """
            The expression is crontab(5)'s, in one argument, in local time: five fields \
            or a nickname (@daily, @reboot...); forms cron would not run as written are \
            refused. The line runs this refocus with --quiet, so cron mails you only \
            when it fails; cron has no terminal, so join the group refocus. --remind \
            shows its text as a notification instead. 'man refocus' (SCHEDULES) tells the rest.

            \(ExitStatus.helpLine(for: .refocus, [.success, .usage, .systemError],
                                  notes: [.dataError: "a bad expression, length or name, or a damaged refocus section "
                                              + "in your crontab",
                                          .notFound: "no such list",
                                          .notPermitted: "crontab refuses you",
                                          .configuration: "crontab is not installed"]))

            Examples:
              refocus schedule add "30 8 * * mon-fri" --list work 3h
              refocus schedule add "0 13 * * 1-5" --list news --until 14:00 --lock
              refocus schedule add "0 9 * * 1-5" deep       # the preset 'deep'
              refocus schedule add @reboot --list games 2h
              refocus schedule add "0 9 * * mon-fri" --remind "Plan the day's focus"
            """)

    @Argument(
        help: ArgumentHelp(
            "Five fields in one argument, or a nickname.",
            valueName: "expression"),
        completion: .list(["@reboot", "@hourly", "@daily", "@weekly", "@monthly", "@yearly"]))
    var expression: String

    @Argument(
        help: ArgumentHelp(
            "A preset's name; with --list or --allow, a length.",
            valueName: "name-or-length"),
        completion: .custom(Self.completeTarget))
    var target: String?

    /// Completion candidates for the second argument: the presets, and common lengths.
    @Sendable static func completeTarget(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
        UserPresets.completeNames(words, index, prefix)
            + ["25m", "50m", "1h", "1h30m", "3h"].filter { $0.hasPrefix(prefix) }
    }

    @Option(
        name: .customLong("list"), help: "A list to block (repeatable).",
        completion: .custom(UserLists.completeNames))
    var blockLists: [String] = []

    @Option(
        name: .customLong("allow"),
        help: "A list to allow alone, for you (repeatable).",
        completion: .custom(UserLists.completeNames))
    var allowLists: [String] = []

    /// The lists given, by either option.
    private var lists: [String] { blockLists + allowLists }

    @Option(
        help: ArgumentHelp(
            "With lists: end at the next such time instead.",
            valueName: "HH:MM"))
    var until: String?

    @Flag(help: "With lists: refuse 'refocus stop' until the end.")
    var lock = false

    @Option(
        help: ArgumentHelp(
            "Instead of a session, show this text as a notification.",
            valueName: "text"))
    var remind: String?

    @OptionGroup var output: OutputOptions

    func validate() throws {
        if remind != nil {
            if target != nil || !lists.isEmpty || until != nil || lock {
                throw ValidationError(
                    "--remind starts no session: give it with the expression alone, without a preset, a length, "
                        + "--list, --allow, --until or --lock")
            }
            return
        }
        if !blockLists.isEmpty && !allowLists.isEmpty {
            throw ValidationError("give the lists to block with --list or those to allow with --allow, not both")
        }
        if lists.isEmpty {
            if target == nil {
                throw ValidationError(
                    "give a preset's name, or the lists to block with --list (or allow with --allow) "
                        + "and a length")
            }
            if until != nil || lock {
                throw ValidationError("--until and --lock go with --list; a preset keeps its own end and lock")
            }
        } else if (target == nil) == (until == nil) {
            throw ValidationError("give a length such as 3h, or --until HH:MM")
        }
    }

    func run() throws {
        let expression = try CronExpression(self.expression)
        let action = try self.action()
        let table = try Schedules.table()
        if let same = table.lines.first(where: { $0.entry.expression == expression && $0.entry.action == action }) {
            throw ScheduleError.alreadyScheduled(same.entry.id)
        }
        let line = try Schedules.line(for: ScheduleEntry(id: table.nextID, expression: expression, action: action))
        try UserCrontab.write(try table.adding(line))
        output.report("Added schedule #\(line.entry.id): \(expression) \(action)")
        output.report("Next: " + Schedules.describeRuns(expression, Schedules.nextRuns(expression)))
    }

    /// What the line starts: a preset, or lists with their end and lock; or the reminder it shows.
    private func action() throws -> ScheduleAction {
        if let remind { return .remind(try ReminderText(remind)) }
        guard !lists.isEmpty else {
            let name = target ?? ""
            // A length where a preset belongs is a forgotten --list, not a preset named "3h".
            if (try? SessionLength.parse(name, bounds: .unbounded)) != nil {
                throw ScheduleError.lengthWithoutLists(name)
            }
            let preset = try PresetName(name)
            guard try UserPresets.config().preset(preset) != nil else { throw UserPresetError.notFound(preset) }
            return try ScheduleAction.preset(named: name)
        }
        let names = try lists.map { try BlockListName($0) }
        let store = try UserLists.store()
        for name in names where try store.texts(of: name) == nil { throw ListStoreError.notFound(name) }
        let mode: SessionMode = allowLists.isEmpty ? .block : .allow
        if let until {
            let time = try EndTime.clockTime(until)
            return .lists(names, .until(hour: time.hour, minute: time.minute), locked: lock, mode: mode)
        }
        return .lists(
            names, .length(try SessionLength.parse(target ?? "", bounds: .unbounded)), locked: lock, mode: mode)
    }
}
