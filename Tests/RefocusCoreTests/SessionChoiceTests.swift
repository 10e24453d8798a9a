import Testing
@testable import RefocusCore
@testable import RefocusFeatures

/// `refocus start`'s words, options, preset and [defaults] put together:
/// the command line over the preset, the preset over the defaults.
@Suite struct SessionChoiceTests {
    static func names(_ texts: [String]) -> [BlockListName] { texts.compactMap { try? BlockListName($0) } }
    static let morning = Preset(
        name: try! PresetName("morning"), lists: names(["social", "news"]),
        duration: .length(SessionLength(seconds: 7200)), locked: true,
        label: try! SessionLabel("thesis"))

    @Test(arguments: [
        // words, preset, length
        ([String](), nil as String?, nil as Int?), (["50m"], nil, 3000), (["deep"], "deep", nil),
        (["deep", "2h"], "deep", 7200),
        (["90", "morning"], "morning", 5400),
    ])
    func wordsAreAPresetAndALength(words: [String], preset: String?, seconds: Int?) throws {
        let parsed = try SessionChoice.Words(words)
        #expect(parsed.preset?.rawValue == preset)
        #expect(parsed.length?.seconds == seconds)
    }

    @Test(arguments: [
        (["50m", "1h"], SessionChoiceError.twoLengths), (["deep", "quick"], .twoPresets),
        (["Deep"], .notAPresetOrLength("Deep")), (["-x"], .notAPresetOrLength("-x")),
    ])
    func badWordsAreNamed(words: [String], error: SessionChoiceError) {
        #expect(throws: error) { try SessionChoice.Words(words) }
    }

    @Test func theCommandLineWinsOverThePresetAndThePresetOverTheDefaults() throws {
        let fromPreset = try SessionChoice(
            words: try SessionChoice.Words(["morning"]), lists: [], until: nil, lock: false,
            label: nil, preset: Self.morning, defaultLists: Self.names(["video"]),
            defaultLength: SessionLength(seconds: 600))
        #expect(
            fromPreset
                == SessionChoice(
                    lists: Self.names(["social", "news"]), duration: .length(SessionLength(seconds: 7200)),
                    locked: true, label: try SessionLabel("thesis")))
        let overridden = try SessionChoice(
            words: try SessionChoice.Words(["morning"]), lists: Self.names(["chat"]),
            until: "17:30", lock: false, label: try SessionLabel("mail"), preset: Self.morning,
            defaultLists: [], defaultLength: nil)
        #expect(
            overridden
                == SessionChoice(
                    lists: Self.names(["chat"]), duration: .until("17:30"), locked: true,
                    label: try SessionLabel("mail")), "a preset's lock stays: it only tightens")
        let defaults = try SessionChoice(
            words: try SessionChoice.Words([]), lists: [], until: nil, lock: false, label: nil,
            preset: nil, defaultLists: Self.names(["video"]),
            defaultLength: SessionLength(seconds: 600))
        #expect(
            defaults
                == SessionChoice(
                    lists: Self.names(["video"]), duration: .length(SessionLength(seconds: 600)),
                    locked: false, label: nil))
    }

    @Test func whatIsMissingIsNamed() throws {
        #expect(throws: SessionChoiceError.noList) {
            try SessionChoice(
                words: try SessionChoice.Words(["50m"]), lists: [], until: nil, lock: false, label: nil,
                preset: nil, defaultLists: [], defaultLength: nil)
        }
        #expect(throws: SessionChoiceError.noLength) {
            try SessionChoice(
                words: try SessionChoice.Words([]), lists: Self.names(["social"]), until: nil, lock: false,
                label: nil, preset: nil, defaultLists: [], defaultLength: nil)
        }
        #expect(throws: SessionChoiceError.lengthAndUntil) {
            try SessionChoice(
                words: try SessionChoice.Words(["50m"]), lists: Self.names(["social"]), until: "17:00",
                lock: false, label: nil, preset: nil, defaultLists: [], defaultLength: nil)
        }
    }

    @Test(arguments: [
        ("thesis", true), ("Deep work: chapter 3", true), ("écrire", true), ("", false), ("  ", false),
        (" padded", false), ("two\nlines", false), ("tab\there", false),
        (String(repeating: "x", count: 64), true), (String(repeating: "x", count: 65), false),
    ])
    func labelsAreOneLineOfText(label: String, valid: Bool) {
        #expect(((try? SessionLabel(label)) != nil) == valid)
    }

    @Test(arguments: [
        ("morning", true), ("deep-2", true), ("90m", false), ("25", false), ("Morning", false), ("a b", false),
    ])
    func presetNamesAreNeverLengths(name: String, valid: Bool) {
        #expect(((try? PresetName(name)) != nil) == valid)
    }

    @Test func theBuiltInPresetsAreThere() {
        #expect(BuiltinPresets.all.map(\.name.rawValue) == ["deep", "pomodoro", "quick"])
        #expect(BuiltinPresets.named(try! PresetName("deep"))?.duration == .length(SessionLength(seconds: 5400)))
        #expect(
            BuiltinPresets.named(try! PresetName("deep"))?.lists.map(\.rawValue) == ["social", "news", "video", "chat"])
    }
}
