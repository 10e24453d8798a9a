import ArgumentParser
import RefocusCore

/// `refocus preset show NAME`: one preset.
struct PresetShow: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show what a preset starts.",
        discussion: """
            --json prints one object with the keys of 'refocus preset list --json'.

            Example:
              refocus preset show deep

            \(ExitStatus.helpLine(for: .refocus, [.success, .usage],
                                  notes: [.notFound: "no such preset", .configuration: "config.toml does not read"]))
            """)

    @OptionGroup var preset: PresetNameArgument

    @Flag(help: "Print JSON for scripts.")
    var json = false

    func run() throws {
        let name = try preset.presetName
        let config = try UserPresets.config()
        guard let found = config.preset(name) else { throw UserPresetError.notFound(name) }
        let builtIn = config.presets[name] == nil
        if json { return try Console.json(PresetRow(found, builtIn: builtIn)) }
        print(PresetRow.line(found, builtIn: builtIn))
    }
}
