import ArgumentParser
import RefocusCore
import RefocusFeatures

/// `refocus preset delete NAME`: removes one of the user's presets.
struct PresetDelete: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete",
        abstract: "Delete one of your presets.",
        discussion: """
            Removes [presets.NAME] (and the comment lines right above it) from \
            ~/.config/refocus/config.toml, keeping every other line. Deleting your preset \
            named like a built-in one brings the built-in one back.

            Example:
              refocus preset delete morning

            \(ExitStatus.helpLine(for: .refocus, [.success, .systemError],
                                  notes: [.usage: "a built-in preset", .notFound: "no such preset",
                                          .configuration: "config.toml does not read (it is left as it is)"]))
            """)

    @OptionGroup var preset: PresetNameArgument
    @OptionGroup var output: OutputOptions

    func run() throws {
        let name = try preset.presetName
        let path = try UserPresets.path()
        let (config, text) = try UserConfig.load(path: path)
        guard config.presets[name] != nil else {
            throw BuiltinPresets.named(name) == nil
                ? UserPresetError.notFound(name) : UserPresetError.builtinNotDeletable(name)
        }
        var document = TOMLText(text)
        document.removeTable("presets.\(name)")
        try UserConfig.write(document.text, to: path)
        output.report(
            BuiltinPresets.named(name) == nil
                ? "Deleted preset \(name)." : "Deleted your preset \(name); the built-in preset \(name) is used again.")
    }
}
