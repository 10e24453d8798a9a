import Foundation
import RefocusTestSupport
import Testing

/// `refocus preset …` as a user runs it, on a fresh configuration folder:
/// saving keeps every other line of config.toml, a bad file is named with
/// its line and never overwritten, built-in presets are listed and cannot
/// be deleted.
@Suite struct PresetCommandTests {
    static func config(_ refocus: Binary) -> String? {
        FileManager.default.contents(atPath: refocus.home + "/refocus/config.toml").map {
            String(decoding: $0, as: UTF8.self)
        }
    }

    @Test func saveListShowAndDeleteKeepTheRestOfTheFile() throws {
        let refocus = try Binary()
        defer { refocus.cleanUp() }
        #expect(
            try refocus("preset", "list").stdout == """
                deep: social, news, video, chat for 1h30m (built in)
                pomodoro: social, news, video for 2h10m: pomodoro 25m/5m x4, 15m long break (built in)
                quick: social for 25m (built in)

                """)
        #expect(Self.config(refocus) == nil, "listing creates nothing")
        let mine = "# My settings, by hand.\r\n[defaults]\r\nlists = [\"news\"]  # the usual\r\nnotify = false\r\n"
        try FileManager.default.createDirectory(atPath: refocus.home + "/refocus", withIntermediateDirectories: true)
        _ = try refocus.write(mine, to: "refocus/config.toml")
        let saved = try refocus(
            "preset", "save", "morning", "--list", "social", "--list", "news", "2h", "--lock",
            "--label", "thesis \"ch. 3\"")
        #expect(saved.status == 0, "\(saved.stderr)")
        #expect(
            Self.config(refocus) == mine
                + "\r\n[presets.morning]\r\nlists = [\"social\", \"news\"]\r\nlength = \"2h\"\r\n"
                + "lock = true\r\nlabel = \"thesis \\\"ch. 3\\\"\"\r\n")
        #expect(
            try refocus("preset", "show", "morning").stdout
                == "morning: social, news for 2h (locked, label thesis \"ch. 3\")\n")
        let json = try refocus("preset", "show", "morning", "--json")
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect(
            object?["length"] as? String == "2h" && object?["locked"] as? Bool == true
                && object?["builtIn"] as? Bool == false)
        #expect(
            try refocus("preset", "save", "deep", "--list", "video", "--until", "22:00", "--delay", "5m").status == 0)
        #expect(Self.config(refocus)?.contains("until = \"22:00\"\r\ndelay = \"5m\"\r\n") == true)
        #expect(
            try refocus("preset", "show", "deep").stdout == "deep: video until 22:00 (5m delay)\n",
            "yours replaces the built-in one")
        let delayed = try refocus("preset", "show", "deep", "--json")
        #expect(
            (try JSONSerialization.jsonObject(with: Data(delayed.stdout.utf8)) as? [String: Any])?["delay"] as? String
                == "5m")
        #expect(try refocus("preset", "save", "late", "--list", "video", "--delay", "25h").status == 64)
        #expect(try refocus("preset", "delete", "deep").stdout.contains("the built-in preset deep is used again"))
        #expect(try refocus("preset", "delete", "morning").status == 0)
        #expect(Self.config(refocus) == mine, "back to the file as written: \(Self.config(refocus) ?? "")")
    }

    @Test func aBadFileIsNamedWithItsLineAndNeverOverwritten() throws {
        let refocus = try Binary()
        defer { refocus.cleanUp() }
        try FileManager.default.createDirectory(atPath: refocus.home + "/refocus", withIntermediateDirectories: true)
        for (text, line, reason) in [
            ("[defaults]\nlists = [\"social\"]\nlenght = \"25m\"\n", 3, "[defaults] 'lenght': unknown key"),
            (
                "[presets.morning]\nlength = \"2h\"\nuntil = \"17:00\"\n", 3,
                "[presets.morning] 'until': give length or until"
            ),
            ("[presets.morning]\nlists = [\"Social\"]\n", 2, "'Social' is not a list name"),
            ("[defaults\nlists = []\n", 1, "not valid TOML"),
        ] {
            let path = refocus.home + "/refocus/config.toml"
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            let run = try refocus("preset", "save", "evening", "--list", "video", "1h")
            #expect(run.status == 78, "\(text)")
            #expect(run.stderr.contains("config.toml line \(line): ") && run.stderr.contains(reason), "\(run.stderr)")
            #expect(Self.config(refocus) == text, "not overwritten")
        }
    }

    @Test func startRefusesAnUnknownPresetAndWhatIsMissing() throws {
        let refocus = try Binary()
        defer { refocus.cleanUp() }
        let unknown = try refocus("start", "nosuch", environment: ["REFOCUS_HELPER": "/nonexistent"])
        #expect(unknown.status == 66)
        #expect(unknown.stderr.contains("there is no preset nosuch; see 'refocus preset list'"), "\(unknown.stderr)")
        let nothing = try refocus("start", "50m", environment: ["REFOCUS_HELPER": "/nonexistent"])
        #expect(nothing.status == 64)
        #expect(nothing.stderr.contains("name a list with --list NAME, or a preset"), "\(nothing.stderr)")
        let label = try refocus("start", "--list", "social", "50m", "--label", "a\tb")
        #expect(label.status == 64 && label.stderr.contains("is not a session label"), "\(label.stderr)")
    }
}
