import ArgumentParser
import RefocusCore
import RefocusFeatures

/// `refocus preset`: saved ways to start a session, started by name.
struct PresetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preset",
        abstract: "Save, show or delete presets: sessions in one word.",
        discussion: """
            A preset names lists, a length (or an end time, or a pomodoro plan), a lock \
            and a label; \
            'refocus start NAME' starts it. Yours live in [presets.NAME] tables of \
            ~/.config/refocus/config.toml, which you may also edit by hand (refocus keeps \
            your comments when it changes a preset, and never overwrites a file it cannot \
            read). Built-in presets, which yours of the same name replace: deep (90 minutes \
            of social, news, video and chat), pomodoro (social, news and video in 25m of \
            work and 5m breaks, 4 cycles and a 15m long break) and quick (25 minutes of \
            social).
            """,
        subcommands: [PresetSave.self, PresetList.self, PresetShow.self, PresetDelete.self]
    )
}

/// The preset name argument of `refocus preset show` and `delete`.
struct PresetNameArgument: ParsableArguments {
    @Argument(
        help: "The preset's name (lower-case letters, digits, '-' and '_').",
        completion: .custom(UserPresets.completeNames))
    var name: String

    /// Refuses an invalid name as a usage error that states the rule.
    func validate() throws {
        do { _ = try PresetName(name) } catch { throw ValidationError(error.description) }
    }

    /// The validated name.
    var presetName: PresetName {
        get throws { try PresetName(name) }
    }
}
