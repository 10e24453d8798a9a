#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RefocusCore
import RefocusOS
import RefocusFeatures

/// The user's `config.toml` (`$XDG_CONFIG_HOME/refocus/config.toml`):
/// `[defaults]`, one `[presets.NAME]` table per saved preset, and `[sync]`.
///
/// Read strictly (`TOMLTable(parsing:)`, then every key checked): an
/// unknown key or a bad value is an error naming the file, the line and the
/// fix, never a silent default; a file that does not parse is never
/// overwritten. Written by changing only the preset's table
/// (`TOMLText`), so comments and everything else stay as the person wrote
/// them, atomically. Package access: the fuzzer (Tests/refocus-fuzz) reads
/// untrusted texts through `parse`.
package struct UserConfig: Equatable {
    /// What `[defaults]` says.
    struct Defaults: Equatable {
        /// Lists for a start that names none; empty: a start must name some.
        var lists: [BlockListName] = []
        /// The length of a start that gives none.
        var length: SessionLength?
        /// Whether desktop notifications are shown.
        var notify = true
        /// The focused minutes a day needs to count for a streak (`streak_minimum`).
        var streakMinimum = 5
        /// How long stopping or pausing a session of a start waits (`delay`); zero: no wait.
        var delay = SessionLength(seconds: 0)
        /// Whether a start follows the user to their other machines (`follow`), as with `--everywhere`.
        var follow = false

        /// The minutes `streak_minimum` may be: a minute to a whole day.
        static let streakMinimumRange = 1...1440
    }

    var defaults = Defaults()
    /// `[sync]`: where the lists sync through; nil when sync is off.
    var sync: SyncSettings?
    /// `machine` of `[sync]`: this machine's name among the user's machines; nil for its host name.
    var syncMachine: String?
    /// The user's presets, by name.
    package var presets: [PresetName: Preset] = [:]

    /// The preset named `name`: the user's, else a built-in one.
    func preset(_ name: PresetName) -> Preset? {
        presets[name] ?? BuiltinPresets.named(name)
    }

    /// Every preset, the user's shadowing built-in ones of the same name, by name.
    var allPresets: [(preset: Preset, builtIn: Bool)] {
        let builtIn = BuiltinPresets.all.filter { presets[$0.name] == nil }.map { ($0, true) }
        return (presets.values.map { ($0, false) } + builtIn).sorted { $0.0.name < $1.0.name }
    }

    /// The file's path for `paths`.
    static func path(_ paths: ConfigPaths) -> String { paths.root + "/config.toml" }

    /// The config and its text at `path`; the default config and "" when there is no file.
    static func load(path: String) throws -> (config: UserConfig, text: String) {
        guard let bytes = try FileReader.readIfPresent(path, limit: 1 << 20) else { return (UserConfig(), "") }
        return (try parse(bytes, path: path), String(decoding: bytes, as: UTF8.self))
    }

    /// Writes `text` (a whole new document) after checking it reads back as a config.
    static func write(_ text: String, to path: String) throws {
        _ = try parse(text, path: path)
        try Directories.create(AtomicFile.parentDirectory(of: path), mode: 0o755)
        try AtomicFile.write(Array(text.utf8), to: path, mode: 0o644)
    }

    /// The config a TOML text describes.
    package static func parse(_ text: String, path: String) throws(ConfigError) -> UserConfig {
        try parse(Array(text.utf8), path: path)
    }

    /// The config that the bytes of a TOML file describe (UTF-8; other bytes are refused with their line).
    package static func parse(_ bytes: [UInt8], path: String) throws(ConfigError) -> UserConfig {
        let table: TOMLTable
        do {
            table = try TOMLTable(parsing: bytes)
        } catch {
            throw ConfigError(path: path, line: error.line, reason: "not valid TOML: \(error.reason)")
        }
        var config = UserConfig()
        for (key, value) in table {
            let line = table.line(of: key)
            switch key {
            case "defaults":
                guard let defaults = value.table else {
                    throw ConfigError(path: path, line: line, reason: "[defaults] must be a table")
                }
                config.defaults = try ConfigValues(path: path, table: "defaults", values: defaults).defaults()
            case "presets":
                guard let presets = value.table else {
                    throw ConfigError(path: path, line: line, reason: "[presets] must hold tables")
                }
                for (name, preset) in presets {
                    guard let values = preset.table else {
                        throw ConfigError(
                            path: path, line: presets.line(of: name), reason: "presets.\(name) must be a table")
                    }
                    let parsed = try ConfigValues(path: path, table: "presets.\(name)", values: values)
                        .preset(named: name, line: presets.line(of: name))
                    config.presets[parsed.name] = parsed
                }
            case "sync":
                guard let sync = value.table else {
                    throw ConfigError(path: path, line: line, reason: "[sync] must be a table")
                }
                let values = ConfigValues(path: path, table: "sync", values: sync)
                config.sync = try values.sync()
                config.syncMachine = values.syncMachine()
            default:
                throw ConfigError(
                    path: path, line: line,
                    reason: "unknown key '\(key)'; the file has [defaults], [presets.NAME] and [sync] tables")
            }
        }
        return config
    }
}

/// Why config.toml cannot be used.
package struct ConfigError: RefocusError, Equatable {
    let path: String
    /// The 1-based line, when known.
    let line: Int?
    let reason: String

    package var category: ErrorCategory { .configuration }

    package var description: String {
        "\(path)\(line.map { " line \($0)" } ?? ""): \(reason); fix it (refocus never overwrites a file it cannot read)"
    }
}
