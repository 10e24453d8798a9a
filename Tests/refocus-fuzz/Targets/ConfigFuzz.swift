import RefocusCommands
import RefocusCore
import RefocusFeatures

/// `UserConfig.parse`, the reader of the user's config.toml (`[defaults]`,
/// the presets, `[sync]`; `TOMLTable(parsing:)`, then `ConfigValues`),
/// and the edit `refocus preset save` makes (`TOMLText.setTable`): an edit
/// that reads back (else the save is refused) holds the saved preset and
/// leaves the rest of the config as it was.
enum ConfigFuzz: FuzzTarget {
    static let name = "config"

    /// The preset the edit saves, as its own text reads.
    static let pairs = [
        (key: "lists", value: TOMLText.array(["work"])), (key: "length", value: TOMLText.string("25m")),
    ]
    static let saved: (name: PresetName, preset: Preset)? = {
        let text = "[presets.fuzz]\n" + pairs.map { "\($0.key) = \($0.value)\n" }.joined()
        guard let presets = try? UserConfig.parse(text, path: "saved.toml").presets, let first = presets.first else {
            return nil
        }
        return (first.key, first.value)
    }()

    static func fuzz(_ bytes: [UInt8]) {
        guard var config = try? UserConfig.parse(bytes, path: "config.toml"), let saved else { return }
        let text = String(decoding: bytes, as: UTF8.self)
        var document = TOMLText(text)
        document.setTable("presets.\(saved.name)", to: pairs)
        guard let edited = try? UserConfig.parse(document.text, path: "edited.toml") else { return }
        config.presets[saved.name] = saved.preset
        FuzzCheck.require(edited == config, "the saved preset is there and the rest is as it was", input: bytes)
    }
}
