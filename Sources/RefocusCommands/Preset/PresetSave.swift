import ArgumentParser
import RefocusCore
import RefocusFeatures

/// `refocus preset save NAME --list L… (LENGTH | --pomodoro [WORK/BREAK])`: saves (or replaces) one of the user's presets.
struct PresetSave: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "save",
        abstract: "Save a session's lists, length, lock, label and more by name.",
        usage: UsageLine.wrapped(
            "refocus preset save <name> [<length-or-work/break> ...] [--list <list> ...] "
                + "[--allow <allow> ...] [--until <HH:MM>] [--lock] [--label <TEXT>] [--pomodoro] [--cycles <N>] "
                + "[--long-break <LENGTH>] [--delay <LENGTH>] [--everywhere] [--quiet]"),
        discussion: """
            Writes [presets.NAME] in ~/.config/refocus/config.toml, replacing a preset \
            of that name (a built-in one too) and keeping every other line of the file. \
            What it leaves out, a start takes from [defaults].

            Examples:
              refocus preset save morning --list social --list news 2h --lock
              refocus preset save evening --list video --until 22:00 --label reading
              refocus preset save cycles --list social --pomodoro 50/10 --everywhere

            \(ExitStatus.helpLine(for: .refocus, [.success, .usage, .systemError],
                                  notes: [.configuration: "config.toml does not read; it is left as it is"]))
            """)

    @Argument(help: "The preset's name: a lower-case letter, then letters, digits, '-' or '_'.")
    var name: String

    @Argument(
        help: ArgumentHelp(
            "How long: 50m, 1h30m, 90s, or a number of minutes; or a pomodoro plan's "
                + "WORK/BREAK, such as 25/5 or 50m/10m.", valueName: "length-or-work/break"))
    var lengths: [String] = []

    @OptionGroup var session: SessionOptions

    @Option(
        help: ArgumentHelp("Its session's stop and pause wait this long.", valueName: "LENGTH"),
        completion: .list(["0", "2m", "5m", "15m"]))
    var delay: String?

    @Flag(help: "Its session follows you to your other machines.")
    var everywhere = false

    @OptionGroup var output: OutputOptions

    func validate() throws {
        do {
            _ = try PresetName(name)
            _ = try plan()
        } catch { throw ValidationError("\(error)") }
        do { _ = try delay.map { try SessionLength.parseDelay($0) } } catch {
            throw ValidationError("--delay: \(error)")
        }
    }

    /// The length words (a length, WORK/BREAK) and the pomodoro plan the options and they make.
    private func plan() throws -> (words: SessionChoice.Words, plan: PomodoroPlan?) {
        for word in lengths
        where !PomodoroPlan.looksLikeLengths(word) && (try? SessionLength.parse(word, bounds: .unbounded)) == nil {
            throw ValidationError("'\(word)' is neither a length (50m, 1h30m, 90) nor WORK/BREAK (25/5, 50m/10m)")
        }
        let words = try SessionChoice.Words(lengths)
        if words.length != nil, session.until != nil { throw SessionChoiceError.lengthAndUntil }
        let plan = try session.pomodoroOptions.plan(lengths: words.pomodoro, base: nil)
        if let plan, let length = words.length { throw SessionChoiceError.lengthWithPlan(length, plan, preset: nil) }
        if let plan, session.until != nil { throw SessionChoiceError.untilWithPlan(plan, preset: nil) }
        return (words, plan)
    }

    func run() throws {
        let path = try UserPresets.path()
        let (_, text) = try UserConfig.load(path: path)
        let (words, plan) = try self.plan()
        var pairs: [(key: String, value: String)] = []
        if !session.lists.isEmpty { pairs.append(("lists", TOMLText.array(session.lists))) }
        if !session.allowLists.isEmpty { pairs.append(("allow", TOMLText.array(session.allowLists))) }
        if let length = words.length { pairs.append(("length", TOMLText.string("\(length)"))) }
        if let until = session.until { pairs.append(("until", TOMLText.string(until))) }
        if let plan {
            pairs.append(("pomodoro", TOMLText.string("\(plan.work)/\(plan.shortBreak)")))
            pairs.append(("cycles", "\(plan.cycles)"))
            pairs.append(("long_break", TOMLText.string(plan.longBreak.seconds == 0 ? "0" : "\(plan.longBreak)")))
        }
        if session.lock { pairs.append(("lock", "true")) }
        if let label = session.label { pairs.append(("label", TOMLText.string(label))) }
        if let delay = try delay.map({ try SessionLength.parseDelay($0) }) {
            pairs.append(("delay", TOMLText.string(delay.seconds == 0 ? "0" : "\(delay)")))
        }
        if everywhere { pairs.append(("follow", "true")) }
        var document = TOMLText(text)
        document.setTable("presets.\(name)", to: pairs)
        try UserConfig.write(document.text, to: path)
        output.report("Saved preset \(name) in \(path): start it with 'refocus start \(name)'.")
    }
}
