import ArgumentParser
import RefocusCore

/// `refocus preset save NAME --list L… LENGTH`: saves (or replaces) one of the user's presets.
struct PresetSave: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "save",
        abstract: "Save a preset: lists, a length or end time, a lock and a label, under a name.",
        discussion: """
            Writes [presets.NAME] in ~/.config/refocus/config.toml (made on the first \
            save), replacing a preset of that name and keeping every other line of the \
            file. Without --list or a length, a start of the preset takes those of \
            [defaults]. A preset named like a built-in one (deep, quick) replaces it.

            Examples:
              refocus preset save morning --list social --list news 2h --lock
              refocus preset save evening --list video --until 22:00 --label reading
              refocus start morning

            \(ExitStatus.helpLine(for: .refocus, [.success, .usage, .systemError],
                                  notes: [.configuration: "config.toml does not read (it is left as it is)"]))
            """)

    @Argument(help: "The preset's name: a lower-case letter, then letters, digits, '-' or '_'.")
    var name: String

    @Argument(help: "How long: 50m, 1h30m, 90s, or a number of minutes.")
    var length: String?

    @OptionGroup var session: SessionOptions

    @OptionGroup var output: OutputOptions

    func validate() throws {
        if length != nil, session.until != nil { throw ValidationError("give a length or --until, not both") }
        do {
            _ = try PresetName(name)
            _ = try length.map { try SessionLength.parse($0, bounds: .unbounded) }
        } catch { throw ValidationError("\(error)") }
    }

    func run() throws {
        let path = try UserPresets.path()
        let (_, text) = try UserConfig.load(path: path)
        var pairs: [(key: String, value: String)] = []
        if !session.lists.isEmpty { pairs.append(("lists", TOMLText.array(session.lists))) }
        if let length { pairs.append(("length", TOMLText.string("\(try SessionLength.parse(length, bounds: .unbounded))"))) }
        if let until = session.until { pairs.append(("until", TOMLText.string(until))) }
        if session.lock { pairs.append(("lock", "true")) }
        if let label = session.label { pairs.append(("label", TOMLText.string(label))) }
        var document = TOMLText(text)
        document.setTable("presets.\(name)", to: pairs)
        try UserConfig.write(document.text, to: path)
        output.report("Saved preset \(name) in \(path): start it with 'refocus start \(name)'.")
    }
}
