import Foundation
import Glibc
import RefocusCore
import RefocusTestSupport
import Testing
import RefocusProtocol

/// Pomodoro sessions from the command line and from presets: `preset save
/// --pomodoro` keeps the plan in config.toml beside the user's comments,
/// `preset show`/`list` show it, a bad plan in the file is named with its
/// line, and (as root, against a stand-in helper) `refocus start` sends the
/// plan with its total as the length and `[defaults]`' notify; a length
/// beside a plan is refused before the helper is asked.
@Suite struct PomodoroStartTests {
    @Test func aSavedPlanRoundTripsThroughConfigTomlKeepingComments() throws {
        let refocus = try Binary()
        defer { refocus.cleanUp() }
        try FileManager.default.createDirectory(atPath: refocus.home + "/refocus", withIntermediateDirectories: true)
        let mine =
            "# Mine.\n[defaults]\nnotify = false  # quiet, please\n\n# Short days.\n[presets.short]\nlength = \"1h\"\n"
        _ = try refocus.write(mine, to: "refocus/config.toml")
        let saved = try refocus(
            "preset", "save", "cycles", "--list", "social", "--list", "news", "--pomodoro", "50/10",
            "--cycles", "3", "--lock")
        #expect(saved.status == 0, "\(saved.stderr)")
        #expect(
            PresetCommandTests.config(refocus) == mine + "\n[presets.cycles]\nlists = [\"social\", \"news\"]\n"
                + "pomodoro = \"50m/10m\"\ncycles = 3\nlong_break = \"15m\"\nlock = true\n")
        #expect(
            try refocus("preset", "show", "cycles").stdout
                == "cycles: social, news for 3h5m: pomodoro 50m/10m x3, 15m long break (locked)\n")
        let json = try refocus("preset", "show", "cycles", "--json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let plan = try #require(object["pomodoro"] as? [String: Any], "\(json.stdout)")
        #expect(
            plan["work"] as? String == "50m" && plan["shortBreak"] as? String == "10m"
                && plan["cycles"] as? Int == 3 && plan["longBreak"] as? String == "15m" && plan.count == 4, "\(plan)")
        #expect(object["length"] == nil)

        // A WORK/BREAK word alone is a pomodoro; a long break of 0 is none.
        #expect(try refocus("preset", "save", "cycles", "--list", "video", "25/5", "--long-break", "0").status == 0)
        #expect(
            PresetCommandTests.config(refocus) == mine + "\n[presets.cycles]\nlists = [\"video\"]\n"
                + "pomodoro = \"25m/5m\"\ncycles = 4\nlong_break = \"0\"\n", "replaced in place")
        #expect(try refocus("preset", "show", "cycles").stdout == "cycles: video for 1h55m: pomodoro 25m/5m x4\n")
        #expect(try refocus("preset", "delete", "cycles").status == 0)
        #expect(PresetCommandTests.config(refocus) == mine)
    }

    @Test func thePomodoroPresetIsListedWithItsPlan() throws {
        let refocus = try Binary()
        defer { refocus.cleanUp() }
        #expect(
            try refocus("preset", "list").stdout.contains(
                "pomodoro: social, news, video for 2h10m: pomodoro 25m/5m x4, 15m long break (built in)\n"))
    }

    @Test(arguments: [
        ("[presets.p]\npomodoro = \"25/5\"\ncycles = 13\n", 3, "[presets.p] 'cycles': 13 cycles is out of range"),
        ("[presets.p]\npomodoro = \"25/5\"\ncycles = \"4\"\n", 3, "[presets.p] 'cycles': give a whole number"),
        ("[presets.p]\ncycles = 4\n", 2, "[presets.p] 'cycles': it shapes a pomodoro plan"),
        ("[presets.p]\nlength = \"2h\"\npomodoro = \"25/5\"\n", 2, "[presets.p] 'length': a pomodoro preset's length"),
        ("[presets.p]\npomodoro = \"25\"\n", 2, "[presets.p] 'pomodoro': '25' is not WORK/BREAK"),
        ("[presets.p]\npomodoro = \"25/5\"\nlong_break = \"3h\"\n", 3, "[presets.p] 'long_break': a long break of 3h"),
    ])
    func aBadPlanInTheFileIsNamedWithItsLine(text: String, line: Int, reason: String) throws {
        let refocus = try Binary()
        defer { refocus.cleanUp() }
        let run = try refocus.presetList(withConfig: text)
        #expect(run.status == 78)
        #expect(run.stderr.contains("config.toml line \(line): \(reason)"), "\(run.stderr)")
    }

    @Test(arguments: [
        (
            ["start", "pomodoro", "50m"],
            "the preset pomodoro is a pomodoro plan, whose length is its own (2h10m: "
                + "25m/5m x4, 15m long break), so 50m does not go with it"
        ),
        (["start", "--list", "social", "25/5", "--until", "17:00"], "a pomodoro session lasts as long as its plan"),
        (["start", "--list", "social", "--cycles", "2", "1h"], "--cycles and --long-break shape a pomodoro plan"),
        (["start", "--list", "social", "--pomodoro", "--cycles", "13"], "13 cycles is out of range: give 1 to 12"),
        (["start", "--list", "social", "50/10", "30/5"], "give one WORK/BREAK"),
        (["preset", "save", "p", "--list", "social", "25/5", "2h"], "a pomodoro session lasts as long as its plan"),
        (["preset", "save", "p", "--list", "social", "--long-break", "15m"], "--cycles and --long-break shape"),
    ])
    func aLengthBesideAPlanAndAPlanOutOfBoundsAreUsageErrors(arguments: [String], message: String) throws {
        let refocus = try Binary()
        defer { refocus.cleanUp() }
        let run = try refocus.run(arguments, environment: ["REFOCUS_HELPER": "/nonexistent/refocus-helper"])
        #expect(run.status == 64, "\(run.stderr)")
        #expect(run.stderr.contains(message), "\(run.stderr)")
        #expect(PresetCommandTests.config(refocus) == nil, "nothing saved")
    }

    /// The start request the stand-in at `helper` was sent.
    static func request(_ helper: String) throws -> StartRequest {
        let data = try Data(contentsOf: URL(fileURLWithPath: helper + ".request"))
        return try HelperProtocol.decoder().decode(RequestEnvelope<StartRequest>.self, from: data).payload
    }

    @Test(
        .enabled(
            if: getuid() == 0, "needs root: the CLI runs a stand-in helper directly only as root, else through sudo"))
    func startSendsThePlanItsTotalAndNotify() throws {
        let refocus = try Binary()
        defer { refocus.cleanUp() }
        let helper = try HistoryCommandTests.standIn(refocus, answering: QuietTests.answer)
        let environment = ["REFOCUS_HELPER": helper]

        let shaped = try refocus.run(
            ["start", "--list", "social", "--pomodoro", "25/5", "--cycles", "2"], environment: environment)
        #expect(shaped.status == 0, "\(shaped.stderr)")
        let request = try Self.request(helper)
        let plan = try PomodoroPlan(
            work: SessionLength(seconds: 1500), shortBreak: SessionLength(seconds: 300), cycles: 2,
            longBreak: SessionLength(seconds: 900))
        #expect(request.pomodoro == plan && request.length.seconds == 2 * 1500 + 300 + 900)
        #expect(request.lists.map(\.name.rawValue) == ["social"] && request.notify, "notify is on by default")

        try FileManager.default.createDirectory(atPath: refocus.home + "/refocus", withIntermediateDirectories: true)
        _ = try refocus.write("[defaults]\nnotify = false\n", to: "refocus/config.toml")
        #expect(try refocus.run(["start", "pomodoro", "-q"], environment: environment).status == 0)
        let preset = try Self.request(helper)
        #expect(preset.pomodoro == .standard && preset.length.seconds == 7800 && !preset.notify)
        #expect(preset.lists.map(\.name.rawValue).sorted() == ["news", "social", "video"])

        #expect(try refocus.run(["start", "--list", "news", "45m"], environment: environment).status == 0)
        let plain = try Self.request(helper)
        #expect(plain.pomodoro == nil && plain.length.seconds == 2700 && !plain.notify)
    }
}
