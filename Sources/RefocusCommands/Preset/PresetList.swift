import ArgumentParser
import RefocusCore
import RefocusFeatures

/// `refocus preset list`: every preset, the user's and the built-in ones.
struct PresetList: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List every preset: yours and the built-in ones.",
        discussion: """
            One line each: the name, what it blocks, for how long, and whether it is \
            locked, labelled or built in. --json prints an array of objects with the keys \
            name, lists, length (a length such as 2h, or absent), until (HH:MM, or absent), \
            locked, label (or absent), builtIn, and pomodoro (a pomodoro preset's plan: \
            work, shortBreak and longBreak as lengths, cycles a number; absent for a plain \
            one, whose length or until it replaces).

            Examples:
              refocus preset list
              refocus preset list --json | jq -r '.[].name'

            \(ExitStatus.helpLine(for: .refocus, [.success], notes: [.configuration: "config.toml does not read"]))
            """)

    @Flag(help: "Print JSON for scripts (keys above).")
    var json = false

    func run() throws {
        let presets = try UserPresets.config().allPresets
        if json { return try Console.json(presets.map { PresetRow($0.preset, builtIn: $0.builtIn) }) }
        for (preset, builtIn) in presets { print(PresetRow.line(preset, builtIn: builtIn)) }
    }
}

/// One preset in `--json` and in lines: a stable shape.
struct PresetRow: Encodable {
    let name: String
    let lists: [String]
    let length: String?
    let until: String?
    let locked: Bool
    let label: String?
    /// Its delay, as the command line writes a length; nil to take `[defaults]`'s.
    let delay: String?
    /// Whether its session follows the user to their other machines; nil to take `[defaults]`'s.
    let follow: Bool?
    let builtIn: Bool
    let pomodoro: Plan?

    /// A pomodoro plan in `--json`: lengths as the command line writes them.
    struct Plan: Encodable {
        let work: String
        let shortBreak: String
        let cycles: Int
        let longBreak: String
    }

    init(_ preset: Preset, builtIn: Bool) {
        name = preset.name.rawValue
        lists = preset.lists.map(\.rawValue)
        if case .length(let value)? = preset.duration { length = "\(value)" } else { length = nil }
        if case .until(let time)? = preset.duration { until = time } else { until = nil }
        locked = preset.locked
        label = preset.label?.rawValue
        delay = preset.delay.map { $0.seconds == 0 ? "0" : "\($0)" }
        follow = preset.follow
        self.builtIn = builtIn
        pomodoro = preset.pomodoro.map {
            Plan(work: "\($0.work)", shortBreak: "\($0.shortBreak)", cycles: $0.cycles, longBreak: "\($0.longBreak)")
        }
    }

    /// `deep: social, news, video, chat for 1h30m (built in)`; `pomodoro: social, news, video for 2h10m:
    /// pomodoro 25m/5m x4, 15m long break (built in)`.
    static func line(_ preset: Preset, builtIn: Bool) -> String {
        let lists = preset.lists.isEmpty ? "the default lists" : preset.lists.map(\.rawValue).joined(separator: ", ")
        let duration =
            preset.pomodoro.map { "for \(SessionLength(seconds: $0.total)): pomodoro \($0)" }
            ?? preset.duration.map { if case .length = $0 { "for \($0)" } else { "\($0)" } } ?? "for the default length"
        let marks = [
            preset.locked ? "locked" : nil, preset.label.map { "label \($0)" },
            preset.delay.map { $0.seconds == 0 ? "no delay" : "\($0) delay" },
            preset.follow.map { $0 ? "follows you" : "stays here" }, builtIn ? "built in" : nil,
        ].compactMap { $0 }
        return "\(preset.name): \(lists) \(duration)" + (marks.isEmpty ? "" : " (\(marks.joined(separator: ", ")))")
    }
}
