import Foundation
import Glibc
import RefocusCore
import RefocusOS
import RefocusTestSupport
import Testing

@testable import RefocusCommands
@testable import RefocusProtocol

/// `refocus allow-daily` as a user runs it: what each form of the arguments
/// asks for, the forms refused as usage errors (64) before the helper is
/// asked, a list that does not exist (66), and, as root against a stand-in
/// helper, the request each action sends, what it prints, `--json`,
/// `--quiet` and the helper's refusals with their exit statuses.
@Suite struct AllowDailyCommandTests {
    static let rootOnly = Testing.ConditionTrait.enabled(
        if: getuid() == 0, "needs root: the CLI runs a stand-in helper directly only as root, else through sudo")

    static func names(_ texts: String...) -> [BlockListName] {
        texts.map { try! BlockListName($0) }
    }

    @Test(arguments: [
        ([String](), AllowDailyCommand.Choice.show),
        (["--list", "video", "30m"], .set(names("video"), daily: SessionLength(seconds: 1800), resetMinute: nil)),
        (["30m", "--list", "video"], .set(names("video"), daily: SessionLength(seconds: 1800), resetMinute: nil)),
        (
            ["--list", "video", "--list", "games", "--list", "video", "1h30m", "--reset", "4:05", "--lock"],
            .set(names("video", "games"), daily: SessionLength(seconds: 5400), resetMinute: 245)
        ),
        (
            ["--list", "games", "45", "--reset", "23:59"],
            .set(names("games"), daily: SessionLength(seconds: 2700), resetMinute: 1439)
        ),
        (
            ["--list", "games", "23h59m59s", "--reset", "00:00"],
            .set(names("games"), daily: SessionLength(seconds: 86_399), resetMinute: 0)
        ),
        (["--list", "games", "1s"], .set(names("games"), daily: SessionLength(seconds: 1), resetMinute: nil)),
        (["--remove", "--list", "games", "--list", "video"], .remove(names("games", "video"))),
    ])
    func eachFormAsksForWhatItSays(arguments: [String], expected: AllowDailyCommand.Choice) throws {
        let command = try AllowDailyCommand.parse(arguments)
        #expect(try command.choice == expected)
        #expect(command.lock == arguments.contains("--lock"))
    }

    @Test(arguments: [
        (["30m"], "give the lists to allow: --list NAME 30m"),
        (["--list", "video"], "give the time allowed each day"),
        (["--reset", "04:00"], "give the time allowed each day"),
        (["--lock"], "give the time allowed each day"),
        (["--list", "video", "24h"], "'24h': a daily allowance is 1s to 23h59m59s"),
        (["--list", "video", "0m"], "'0m': a daily allowance is 1s to 23h59m59s"),
        (["--list", "video", "90x"], "unknown unit 'x'"),
        (["--list", "video", "30m", "--reset", "24:00"], "--reset: '24' in '24:00': the hour must be 0 to 23"),
        (["--list", "video", "30m", "--reset", "4pm"], "--reset: '4pm' in '4pm': not a 24-hour time"),
        (["--list", "Video", "30m"], "Video"),
        (["--remove"], "--remove needs the lists"),
        (["--remove", "--list", "video", "30m"], "--remove takes only the lists"),
        (["--remove", "--list", "video", "--lock"], "--remove takes only the lists"),
        (["--remove", "--list", "video", "--reset", "04:00"], "--remove takes only the lists"),
        ((1...33).flatMap { ["--list", "l\($0)"] } + ["30m"], "33 lists: give at most 32 at once"),
    ])
    func whatMakesNoSenseIsAUsageErrorBeforeTheHelperIsAsked(arguments: [String], message: String) throws {
        let refocus = try Binary()
        defer { refocus.cleanUp() }
        let helper = try HistoryCommandTests.standIn(refocus, answering: #"{"version":1,"ok":true,"sessions":[]}"#)
        let run = try refocus.run(["allow-daily"] + arguments, environment: ["REFOCUS_HELPER": helper])
        #expect(run.status == 64 && run.stderr.contains(message), "\(arguments): \(run.status) \(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: helper + ".request"), "the helper was not asked")
    }

    @Test func aListThatDoesNotExistIsNotFound() throws {
        let refocus = try Binary()
        defer { refocus.cleanUp() }
        let helper = try HistoryCommandTests.standIn(refocus, answering: #"{"version":1,"ok":true,"sessions":[]}"#)
        let run = try refocus.run(["allow-daily", "--list", "nosuch", "30m"], environment: ["REFOCUS_HELPER": helper])
        #expect(run.status == 66 && run.stderr.contains("nosuch"), "\(run.status) \(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: helper + ".request"), "the helper was not asked")
    }

    @Test func theHelpTeachesEachActionAndFitsItsCommand() throws {
        let refocus = try Binary()
        defer { refocus.cleanUp() }
        let help = try refocus("allow-daily", "--help")
        #expect(help.status == 0)
        for text in [
            "refocus allow-daily --list games 1h", "--reset 04:00 --lock", "--remove --list games", "sites",
            "66 not found", "77 not permitted",
        ] {
            #expect(help.stdout.contains(text), "\(text) in \(help.stdout)")
        }
        #expect(ManPageTests.lists(try refocus("--help").stdout, subcommand: "allow-daily"))
    }

    @Test func bashCompletesTheCommandItsOptionsAndListNames() throws {
        let refocus = try Binary()
        defer { refocus.cleanUp() }
        let script = try CompletionTests.script(refocus, "bash")
        let completions = try CompletionTests.bashCompletions(
            refocus, script: script,
            lines: [
                "refocus allow", "refocus allow-daily --list vi", "refocus allow-daily --re", "refocus allow-daily --l",
            ])
        #expect(completions == ["allow-daily", "video", "--remove --reset", "--list --lock"])
    }

    /// The request the stand-in at `helper` was sent.
    static func request(_ helper: String) throws -> AllowanceRequest {
        let data = try Data(contentsOf: URL(fileURLWithPath: helper + ".request"))
        #expect(try String(contentsOfFile: helper + ".verb", encoding: .utf8) == "allowance\n")
        return try HelperProtocol.decoder().decode(RequestEnvelope<AllowanceRequest>.self, from: data).payload
    }

    /// The helper's answer with `allowances` (each an object's members, owner 0 added).
    static func answer(_ allowances: [String]) -> String {
        #"{"version":1,"ok":true,"notes":[],"sessions":[],"allowances":["#
            + allowances.map { #"{"owner":0,"# + $0 + "}" }.joined(separator: ",") + "]}"
    }

    static func iso(_ date: Date) -> String { date.formatted(.iso8601) }

    /// `HH:MM` of `date` in UTC, as the CLI shows it with TZ=UTC.
    static func utcClock(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        return String(format: "%02d:%02d", parts.hour!, parts.minute!)
    }

    @Test(rootOnly) func setSendsTheListsAsStartLoadsThemAndSaysWhatIsLeft() throws {
        let refocus = try Binary()
        defer { refocus.cleanUp() }
        #expect(try refocus("list", "add", "games", "--program", "supertux2", "example.org").status == 0)
        let resets = Date().addingTimeInterval(3 * 3600)
        let helper = try HistoryCommandTests.standIn(
            refocus,
            answering: Self.answer([
                #""list":"games","dailySeconds":5400,"usedSeconds":0,"resetsAt":"\#(Self.iso(resets))","#
                    + #""lockedUntil":"\#(Self.iso(resets))","spent":false,"programs":1,"domains":1"#,
                #""list":"video","dailySeconds":600,"usedSeconds":600,"resetsAt":"\#(Self.iso(resets))","#
                    + #""spent":true,"programs":0,"domains":6"#,
            ]))
        let environment = ["REFOCUS_HELPER": helper, "TZ": "UTC"]
        let run = try refocus.run(
            ["allow-daily", "--list", "games", "1h30m", "--reset", "04:30", "--lock"], environment: environment)
        let at = Self.utcClock(resets)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stdout == "games: 1h30m left of 1h30m a day (0s used), resets at \(at), locked until \(at)\n",
            "only the lists set: \(run.stdout)")
        #expect(run.stderr.isEmpty, "\(run.stderr)")
        let games = try ListStore(paths: ConfigPaths(root: refocus.home + "/refocus")).load(Self.names("games")[0]).list
        #expect(
            try Self.request(helper)
                == .set([games], daily: SessionLength(seconds: 5400), resetMinute: 270, locked: true))

        // The built-in news list has no programs: set, its sites counted, no note.
        let news = try refocus.run(
            ["allow-daily", "--list", "news", "--list", "video", "10m"], environment: environment)
        #expect(news.status == 0 && news.stdout == "video: spent (10m a day), blocked until \(at)\n", "\(news.stdout)")
        #expect(news.stderr.isEmpty, "\(news.stderr)")
        let sent = try Self.request(helper)
        #expect(sent.action == .set && sent.lists.map(\.name) == Self.names("news", "video") && sent.resetMinute == nil)
        #expect(sent.lists.first?.entries.isEmpty == false && sent.locked == false, "the list, whole")

        let quiet = try refocus.run(["-q", "allow-daily", "--list", "games", "1h"], environment: environment)
        #expect(quiet.status == 0 && quiet.stdout.isEmpty && quiet.stderr.isEmpty, "\(quiet.stdout) \(quiet.stderr)")
    }

    @Test(rootOnly) func showAndRemoveSendTheirRequestsAndPrintYourAllowances() throws {
        let refocus = try Binary()
        defer { refocus.cleanUp() }
        let now = Date()
        let resets = now.addingTimeInterval(5 * 3600)
        let helper = try HistoryCommandTests.standIn(
            refocus,
            answering: Self.answer([
                #""list":"video","dailySeconds":1800,"usedSeconds":600,"resetsAt":"\#(Self.iso(resets))","#
                    + #""spent":false,"programs":2,"domains":6"#,
                #""list":"games","dailySeconds":3600,"usedSeconds":300,"countingSince":"\#(Self.iso(now))","#
                    + #""resetsAt":"\#(Self.iso(resets))","spent":false,"programs":1,"domains":0"#,
            ]))
        let environment = ["REFOCUS_HELPER": helper, "TZ": "UTC"]
        let at = Self.utcClock(resets)
        let show = try refocus.run(["allow-daily"], environment: environment)
        #expect(show.status == 0, "\(show.stderr)")
        #expect(try Self.request(helper) == .show)
        let lines = show.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2 && lines[1] == "video: 20m left of 30m a day (10m used), resets at \(at)", "\(lines)")
        // Counting since the answer: a few seconds may have passed since.
        let counting = try #require(
            lines.first?.wholeMatch(of: /games: (.+) left of 1h a day \((.+) used\), counting, resets at (.+)/))
        let left = try SessionLength.parseDelay(String(counting.1)).seconds
        #expect((3290...3300).contains(left) && String(counting.3) == at, "\(lines[0])")

        let json = try refocus.run(["allow-daily", "--json"], environment: environment)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let allowances = try #require(object["allowances"] as? [[String: Any]], "\(json.stdout)")
        #expect(allowances.count == 2 && allowances[0]["list"] as? String == "video", "the answer as it came")

        let remove = try refocus.run(
            ["allow-daily", "--remove", "--list", "video", "--list", "news"], environment: environment)
        #expect(
            remove.status == 0 && remove.stdout == "Removed the daily allowance of video, news.\n", "\(remove.stdout)")
        #expect(try Self.request(helper) == .remove(Self.names("video", "news")))
    }

    @Test(rootOnly) func noAllowanceSaysHowToSetOne() throws {
        let refocus = try Binary()
        defer { refocus.cleanUp() }
        let helper = try HistoryCommandTests.standIn(refocus, answering: Self.answer([]))
        let run = try refocus.run(["allow-daily"], environment: ["REFOCUS_HELPER": helper])
        #expect(
            run.status == 0 && run.stdout == "No daily allowance. 'refocus allow-daily --list NAME 30m' sets one.\n",
            "\(run.stdout)")
    }

    @Test(
        rootOnly,
        arguments: [
            ("session-locked", "the allowance for 'games' is locked until 04:00 (local time)", Int32(77)),
            ("not-found", "you have no daily allowance for 'games'", 66),
            ("over-limit", "you have 32 daily allowances, the most one user may keep", 77),
        ])
    func theHelpersRefusalIsReportedWithItsStatus(code: String, message: String, status: Int32) throws {
        let refocus = try Binary()
        defer { refocus.cleanUp() }
        let helper = try HistoryCommandTests.standIn(refocus, refusing: code, message: message, exit: "exit \(status)")
        for arguments in [["--list", "games", "1h"], ["--remove", "--list", "games"]] {
            let run = try refocus.run(["-q", "allow-daily"] + arguments, environment: ["REFOCUS_HELPER": helper])
            #expect(
                run.status == status && run.stdout.isEmpty && run.stderr == "refocus: \(message)\n",
                "\(arguments): \(run.status) \(run.stderr)")
        }
    }
}
