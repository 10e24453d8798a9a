import Foundation
import Glibc
import RefocusCore
import RefocusOS
import RefocusTestSupport
import Testing

@testable import RefocusCommands
@testable import RefocusProtocol

/// `refocus stats` as a user runs it: the help, checks before the helper is
/// asked, streak_minimum in config.toml, an unreadable history, and, as
/// root (who runs the helper without sudo), the figures for a stand-in
/// helper's history in text and JSON.
@Suite struct StatsCommandTests {
    /// The help shows examples and the exit codes; the man page, where it sends the reader, the JSON keys.
    @Test func helpShowsExamplesAndExitCodesAndTheManPageTheJSONKeys() throws {
        let refocus = try Binary()
        defer { refocus.cleanUp() }
        let help = try refocus("stats", "--help")
        #expect(help.status == 0)
        for text in [
            "refocus stats --by label", "refocus stats --json | jq .currentStreak", "streak_minimum",
            "--weeks <N>", "--by <label|list>", "--since <DATE>", "Exit status: 0 success", "77 not",
            "78 bad configuration",
        ] {
            #expect(help.stdout.contains(text), "\(text) in \(help.stdout)")
        }
        let page = try ManPageTests.handWritten("refocus.1")
        for text in ["currentStreak", "milestonesReached", "blockedByList", "streak_minimum"] {
            #expect(page.contains(text), "\(text) in refocus.1.roff")
        }
        #expect(ManPageTests.lists(try refocus("--help").stdout, subcommand: "stats"))
    }

    @Test(arguments: [
        (["--weeks", "0"], Int32(64), "--weeks must be from 1 to 37 (to fit 80 columns), not 0"),
        (["--weeks", "38"], 64, "--weeks must be from 1 to 37"),
        (["--by", "colour"], 64, "'colour'"),
        (["--since", "2026-02-30"], 65, "'2026-02-30': not a day or a time ago"),
    ])
    func refusesBadOptionsBeforeAskingTheHelper(arguments: [String], status: Int32, message: String) throws {
        let refocus = try Binary()
        defer { refocus.cleanUp() }
        let run = try refocus.run(["stats"] + arguments, environment: ["REFOCUS_HELPER": "/nonexistent/refocus-helper"])
        #expect(run.status == status && run.stderr.contains(message), "\(run.status) \(run.stderr)")
        #expect(!run.stderr.contains("not installed"), "the helper is not asked")
    }

    /// `--all-machines` needs sync set up, and says so before the helper is asked.
    @Test func allMachinesWithoutSyncNamesSyncInit() throws {
        let refocus = try Binary()
        defer { refocus.cleanUp() }
        let run = try refocus.run(
            ["stats", "--all-machines"], environment: ["REFOCUS_HELPER": "/nonexistent/refocus-helper"])
        #expect(run.status == 78 && run.stderr.contains("refocus sync init --dir PATH"), "\(run.status) \(run.stderr)")
        #expect(!run.stderr.contains("not installed"), "the helper is not asked")
    }

    @Test(arguments: [
        ("0", "from 1 to 1440"), ("1441", "from 1 to 1440"), ("\"5\"", "without quotes"), ("2.5", "whole number"),
    ])
    func aBadStreakMinimumIsNamedWithItsLine(value: String, reason: String) throws {
        let refocus = try Binary()
        defer { refocus.cleanUp() }
        try FileManager.default.createDirectory(atPath: refocus.home + "/refocus", withIntermediateDirectories: true)
        try Data("[defaults]\nnotify = true\nstreak_minimum = \(value)\n".utf8)
            .write(to: URL(fileURLWithPath: refocus.home + "/refocus/config.toml"))
        let run = try refocus.run(["stats"], environment: ["REFOCUS_HELPER": "/nonexistent/refocus-helper"])
        #expect(run.status == 78, "\(run.stderr)")
        #expect(
            run.stderr.contains("config.toml line 3: [defaults] 'streak_minimum': ") && run.stderr.contains(reason),
            "\(run.stderr)")
    }

    @Test func streakMinimumIsReadFromDefaults() throws {
        #expect(try UserConfig.parse("[defaults]\nstreak_minimum = 20\n", path: "c").defaults.streakMinimum == 20)
        #expect(try UserConfig.parse("[defaults]\nstreak_minimum = 1440\n", path: "c").defaults.streakMinimum == 1440)
        #expect(try UserConfig.parse("", path: "c").defaults.streakMinimum == 5)
    }

    @Test func anUnreadableHistoryIsOneLineAndTheSettings() throws {
        let refocus = try Binary()
        defer { refocus.cleanUp() }
        let environment = ["REFOCUS_HELPER": "/nonexistent/refocus-helper", "LANG": "en_US.UTF-8"]
        let run = try refocus.run(["stats"], environment: environment)
        #expect(run.status == 78)
        #expect(
            run.stderr == "refocus: cannot read your history, so there are no stats to show: the helper "
                + "/nonexistent/refocus-helper is not installed; install ReFocus with 'sudo make install'\n")
        #expect(
            run.stdout == """
                Focus stats: your history could not be read (see above).
                A day counts for a streak from 5m of focus; weeks start on Sunday.

                """)
        let json = try refocus.run(["stats", "--json"], environment: environment)
        #expect(json.status == 78)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(Set(object.keys) == ["error", "today", "weekStart", "timeZone", "firstWeekday", "streakMinimum"])
        #expect((object["error"] as? String)?.contains("is not installed") == true)
    }

    /// The helper's `focus` answer: a 30-minute session at noon UTC on each
    /// of the `days` days before today (oldest first), the newest with a
    /// label, the one before it stopped; no blocked counts recorded.
    static func answer(days: Int) throws -> String {
        let today = floor(Date().timeIntervalSince1970 / 86_400) * 86_400
        let lists = try ["news", "social"].map { try BlockListName($0) }
        let records = try (1...days).reversed().map { day in
            let start = Date(timeIntervalSince1970: today - Double(day) * 86_400 + 12 * 3600)
            return FocusRecord(
                id: Int64(days + 1 - day), start: start, end: start.addingTimeInterval(1800),
                focusedSeconds: 1800, outcome: day == 2 ? .stopped : .completed, lists: lists,
                label: day == 1 ? try SessionLabel("thesis") : nil)
        }
        let response = HelperResponse(sessions: [], focus: FocusColumns(records))
        return String(decoding: try HelperProtocol.encoder().encode(response), as: UTF8.self)
    }

    @Test(
        .enabled(
            if: getuid() == 0, "needs root: the CLI runs a stand-in helper directly only as root, else through sudo"))
    func printsTheFiguresAndTheSameInJSON() throws {
        let refocus = try Binary()
        defer { refocus.cleanUp() }
        let helper = try HistoryCommandTests.standIn(refocus, answering: try Self.answer(days: 8))
        let environment = ["REFOCUS_HELPER": helper, "TZ": "UTC", "LANG": "de_DE.UTF-8"]
        let human = try refocus.run(["stats", "--by", "label"], environment: environment)
        #expect(human.status == 0, "\(human.stderr)")
        for text in [
            "Today       0m\n", "In all      4h in 8 sessions: 7 completed, 1 stopped early\n",
            "Streak      8 days through yesterday (focus today to keep it); longest 8 days\n",
            "Milestones  7 days reached; next 30 days, 22 to go\n", "Blocked     nothing recorded\n",
            "By label\n  (no label) 3h30m in 7 sessions\n  thesis       30m in 1 session\n",
            "    Less . - + * # More", "weeks start on Monday.",
        ] {
            #expect(human.stdout.contains(text), "\(text) in \(human.stdout)")
        }
        #expect(human.stdout.split(separator: "\n").allSatisfy { $0.count <= 80 })
        #expect(!human.stdout.contains("\u{1B}["), "no colour into a pipe")
        let request = try String(contentsOfFile: helper + ".request", encoding: .utf8)
        #expect(request.contains(#""verb":"focus""#) && !request.contains("since"), "\(request)")

        let json = try refocus.run(["stats", "--json", "--by", "list", "--weeks", "2"], environment: environment)
        #expect(json.status == 0, "\(json.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(
            Set(object.keys) == [
                "today", "weekStart", "timeZone", "firstWeekday", "streakMinimum", "todaySeconds",
                "weekSeconds", "totalSeconds", "sessions", "completed", "stopped", "cleared",
                "currentStreak", "longestStreak", "streakIncludesToday", "milestonesReached",
                "nextMilestone", "daysToNextMilestone", "blockedAttempts", "programsKilled",
                "blockedSessions", "blockedByList", "days", "by", "groups",
            ])
        #expect(object["totalSeconds"] as? Int == 8 * 1800 && object["currentStreak"] as? Int == 8)
        #expect(object["milestonesReached"] as? [Int] == [7] && object["nextMilestone"] as? Int == 30)
        #expect(
            object["firstWeekday"] as? String == "monday" && ["UTC", "GMT"].contains(object["timeZone"] as? String))
        #expect((object["days"] as? [[String: Any]])?.last?["seconds"] as? Int == 0)
        let groups = try #require(object["groups"] as? [[String: Any]])
        #expect(groups.map { $0["name"] as? String } == ["news", "social"] && groups.first?["sessions"] as? Int == 8)

        // streak_minimum = 40: half-hour days no longer count.
        try FileManager.default.createDirectory(atPath: refocus.home + "/refocus", withIntermediateDirectories: true)
        try Data("[defaults]\nstreak_minimum = 40\n".utf8).write(
            to: URL(fileURLWithPath: refocus.home + "/refocus/config.toml"))
        let strict = try refocus.run(["stats", "--json"], environment: environment)
        let figures = try #require(try JSONSerialization.jsonObject(with: Data(strict.stdout.utf8)) as? [String: Any])
        #expect(figures["currentStreak"] as? Int == 0 && figures["streakMinimum"] as? Int == 40, "\(strict.stderr)")
    }

    @Test(
        .enabled(
            if: getuid() == 0, "needs root: the CLI runs a stand-in helper directly only as root, else through sudo"))
    func showsTheDailyAllowancesUseFromTheAnswerInTextAndJSONAndNothingWithoutIt() throws {
        let refocus = try Binary()
        defer { refocus.cleanUp() }
        let today = LocalDay(number: Int(floor(Date().timeIntervalSince1970 / 86_400)))
        let video = try BlockListName("video")
        let used = [
            AllowanceUseDay(list: video, day: today.adding(days: -2), usedSeconds: 1800, dailySeconds: 1800),
            AllowanceUseDay(list: video, day: today, usedSeconds: 610, dailySeconds: 1800),
        ]
        let answer = { (used: [AllowanceUseDay]?) in
            String(
                decoding: try HelperResponse(
                    sessions: [], focus: FocusColumns([]), usedAllowances: used.map(AllowanceUseColumns.of)
                ).json(),
                as: UTF8.self)
        }
        let helper = try HistoryCommandTests.standIn(refocus, answering: try answer(used))
        let environment = ["REFOCUS_HELPER": helper, "TZ": "UTC", "LANG": "en_US.UTF-8"]
        let human = try refocus.run(["stats"], environment: environment)
        #expect(human.status == 0, "\(human.stderr)")
        #expect(
            human.stdout.contains(
                "\nDaily allowances   a day  used up  average  minutes, last 7 days\n"
                    + "  video              30m   1 of 2      20m   .  .  .  . 30  . 10\n\n"), "\(human.stdout)")
        let json = try refocus.run(["stats", "--json"], environment: environment)
        #expect(json.status == 0, "\(json.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let days = try #require(object["allowanceUse"] as? [[String: Any]], "\(json.stdout)")
        #expect(days.map { $0["day"] as? String } == [today.adding(days: -2).description, today.description])
        #expect(
            days.map { $0["usedSeconds"] as? Int } == [1800, 610] && days.map { $0["spent"] as? Bool } == [true, false])
        #expect(days.allSatisfy { $0["list"] as? String == "video" && $0["dailySeconds"] as? Int == 1800 })

        // No use, or a helper older than allowances: no section, no key.
        for none in [[], nil] as [[AllowanceUseDay]?] {
            let helper = try HistoryCommandTests.standIn(refocus, answering: try answer(none))
            let environment = ["REFOCUS_HELPER": helper, "TZ": "UTC", "LANG": "en_US.UTF-8"]
            let human = try refocus.run(["stats"], environment: environment)
            #expect(human.status == 0 && !human.stdout.contains("allowance"), "\(human.stdout) \(human.stderr)")
            let json = try refocus.run(["stats", "--json"], environment: environment)
            #expect(json.status == 0 && !json.stdout.contains("allowance"), "\(json.stdout) \(json.stderr)")
        }
    }

    @Test(arguments: [
        ([String: String](), true, true), (["NO_COLOR": "1"], true, false), (["NO_COLOR": ""], true, true),
        (["TERM": "dumb"], true, false), ([:], false, false),
    ])
    func colourOnlyOnATerminalWithoutNoColor(environment: [String: String], terminal: Bool, colours: Bool) {
        #expect(StatsTerminal.colours(environment: environment, isTerminal: terminal) == colours)
    }

    @Test(arguments: [
        (["LANG": "de_DE.UTF-8"], 2), (["LANG": "en_US.UTF-8"], 1),
        (["LC_TIME": "en_US.UTF-8", "LANG": "de_DE.UTF-8"], 1),
        (["LC_ALL": "de_DE.UTF-8", "LC_TIME": "en_US.UTF-8"], 2), (["LANG": "fr_FR@euro"], 2), (["LANG": "C.UTF-8"], 2),
        (["LANG": "POSIX"], 2), ([:], 2), (["LC_ALL": "", "LANG": "en_US"], 1), (["LANG": "ar_EG.UTF-8"], 7),
        (["LANG": "dv_MV.UTF-8"], 6), (["LC_TIME": "he_IL.UTF-8"], 1), (["LANG": "en_GB.UTF-8"], 2),
        (["LC_ALL": "C", "LANG": "en_US.UTF-8"], 2), (["LANG": "sr_RS@latin"], 2), (["LANG": "zh_TW.UTF-8"], 1),
        (["LC_TIME": "", "LANG": "pt_BR.UTF-8"], 1), (["LANG": "xx_YY.UTF-8"], 2),
    ])
    func theWeekStartsOnTheLocalesFirstDay(environment: [String: String], firstWeekday: Int) {
        #expect(MachineWeek.firstWeekday(environment: environment) == firstWeekday)
    }
}
