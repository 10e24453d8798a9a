import RefocusCore
import Testing
import RefocusFeatures

/// The crontab lines of schedules: what is written (the expression, the
/// absolute program quoted for sh and escaped for cron, start -q and its
/// arguments, the comment naming the number), and that exactly such lines
/// are read back.
@Suite struct ScheduledLineTests {
    static func entry(_ id: Int, _ expression: String, _ action: ScheduleAction) throws -> ScheduleEntry {
        ScheduleEntry(id: id, expression: try CronExpression(expression), action: action)
    }

    static let work = ScheduleAction.lists(
        [try! BlockListName("work")], .length(SessionLength(seconds: 3 * 3600)),
        locked: false)

    @Test func aSyncLineCarriesTheStateFolderAndReadsBack() throws {
        let sync = try ScheduledLine(
            entry: try Self.entry(6, "*/15 * * * *", .sync), program: "/usr/bin/refocus",
            configHome: "/home/ann/.config", stateHome: "/home/ann/state")
        #expect(
            sync.text == "*/15 * * * * XDG_CONFIG_HOME=/home/ann/.config XDG_STATE_HOME=/home/ann/state "
                + "/usr/bin/refocus sync -q # refocus-schedule 6")
        #expect(ScheduledLine(parsing: sync.text) == sync)
        let stateOnly = try ScheduledLine(
            entry: try Self.entry(7, "@hourly", .sync), program: "/usr/bin/refocus",
            configHome: nil, stateHome: "/srv/state")
        #expect(ScheduledLine(parsing: stateOnly.text)?.stateHome == "/srv/state")
        // The order is fixed: the state folder before the configuration folder is not a line of ours.
        #expect(
            ScheduledLine(
                parsing: "@hourly XDG_STATE_HOME=/s XDG_CONFIG_HOME=/c /usr/bin/refocus sync -q # refocus-schedule 8")
                == nil)
    }

    @Test func aListsLineAndAPresetLine() throws {
        let lists = try ScheduledLine(
            entry: try Self.entry(3, "30 8 * * mon-fri", Self.work),
            program: "/usr/bin/refocus", configHome: nil)
        #expect(lists.text == "30 8 * * mon-fri /usr/bin/refocus start -q --list work 3h # refocus-schedule 3")
        let locked = ScheduleAction.lists(
            [try BlockListName("social"), try BlockListName("news")],
            .until(hour: 7, minute: 5), locked: true)
        let until = try ScheduledLine(
            entry: try Self.entry(4, "@reboot", locked), program: "/usr/bin/refocus",
            configHome: "/home/ann/.config")
        #expect(
            until.text == "@reboot XDG_CONFIG_HOME=/home/ann/.config /usr/bin/refocus start -q --list social "
                + "--list news --until 07:05 --lock # refocus-schedule 4")
        let preset = try ScheduledLine(
            entry: try Self.entry(5, "0 9 * * 1-5", try .preset(named: "deep")),
            program: "/usr/bin/refocus", configHome: nil)
        #expect(preset.text == "0 9 * * 1-5 /usr/bin/refocus start -q deep # refocus-schedule 5")
    }

    @Test func anAllowlistLineWritesAllowAndReadsBack() throws {
        let allow = ScheduleAction.lists(
            [try BlockListName("work"), try BlockListName("docs")],
            .length(SessionLength(seconds: 2 * 3600)), locked: true, mode: .allow)
        let line = try ScheduledLine(
            entry: try Self.entry(9, "0 14 * * 1-5", allow), program: "/usr/bin/refocus",
            configHome: nil)
        #expect(
            line.text
                == "0 14 * * 1-5 /usr/bin/refocus start -q --allow work --allow docs 2h --lock # refocus-schedule 9")
        #expect(ScheduledLine(parsing: line.text) == line)
        #expect(allow.description == "start --allow work --allow docs 2h --lock")
        // One option for every list: a line mixing them is not one of ours.
        #expect(ScheduleAction(startArguments: ["--allow", "work", "--list", "news", "2h"]) == nil)
        #expect(ScheduleAction(startArguments: ["--list", "news", "--allow", "work", "2h"]) == nil)
    }

    @Test(arguments: [
        ("/opt/re focus/refocus", #"'/opt/re focus/refocus'"#),
        ("/opt/ann's/refocus", #"'/opt/ann'\\''s/refocus'"#),
        ("/opt/100%/refocus", #"/opt/100\%/refocus"#),
        (#"/opt/back\slash/refocus"#, #"'/opt/back\\slash/refocus'"#),
        ("/opt/$HOME/`x`/refocus", #"'/opt/$HOME/`x`/refocus'"#),
    ])
    func programPathsAreQuotedForShAndEscapedForCron(program: String, written: String) throws {
        let line = try ScheduledLine(
            entry: try Self.entry(1, "@daily", try .preset(named: "deep")), program: program,
            configHome: "/tmp/my config %")
        #expect(
            line.text == "@daily XDG_CONFIG_HOME='/tmp/my config \\%' \(written) start -q deep # refocus-schedule 1")
        #expect(ScheduledLine(parsing: line.text) == line)
    }

    @Test func aLineBreakInThePathCannotBeWritten() throws {
        #expect(throws: ScheduleError.unwritableProgram("/opt/a\nb/refocus")) {
            try ScheduledLine(
                entry: try Self.entry(1, "@daily", Self.work), program: "/opt/a\nb/refocus", configHome: nil)
        }
    }

    @Test(arguments: [
        "30 8 * * mon-fri /usr/bin/refocus start -q --list work 3h # refocus-schedule 3",
        "@reboot /usr/bin/refocus start -q --list work --until 17:30 --lock # refocus-schedule 12",
        "0 9 * * 1-5 XDG_CONFIG_HOME=/home/ann/.config /usr/bin/refocus start -q deep # refocus-schedule 1",
    ])
    func writtenLinesAreReadBack(text: String) throws {
        let line = try #require(ScheduledLine(parsing: text))
        #expect(line.text == text)
    }

    @Test(arguments: [
        "30 8 * * mon-fri  /usr/bin/refocus start -q --list work 3h # refocus-schedule 3",
        "30 8 * * mon-fri /usr/bin/refocus start -q --list work 3h",
        "30 8 * * mon-fri /usr/bin/refocus start -q --list work 3h # refocus-schedule 0",
        "30 8 * * mon-fri /usr/bin/refocus start -q --list work 3h # refocus-schedule x",
        "30 8 * * mon-fri /usr/bin/refocus stop -q # refocus-schedule 3",
        "30 8 * * mon-fri /usr/bin/refocus start --list work 3h # refocus-schedule 3",
        "30 8 * * mon-fri refocus start -q --list work 3h # refocus-schedule 3",
        "30 8 * * mon-fri /usr/bin/refocus start -q --list work 90 # refocus-schedule 3",
        "30 8 * * mon-fri /usr/bin/refocus start -q --list work 3h; rm -rf ~ # refocus-schedule 3",
        "30 8 * * mon-fri /usr/bin/refocus start -q --list work 3h % # refocus-schedule 3",
        "30 8 * * mon-fri /usr/bin/refocus start -q --list Work 3h # refocus-schedule 3",
        "30 8 * * mon-fri /usr/bin/refocus start -q --list work --lock # refocus-schedule 3",
        "30 8 * * mon-sun /usr/bin/refocus start -q --list work 3h # refocus-schedule 3",
        "30 8 * * /usr/bin/refocus start -q --list work 3h # refocus-schedule 3",
        "0 7 * * * echo hello",
        "",
    ])
    func anyOtherLineIsNotOneOfOurs(text: String) {
        #expect(ScheduledLine(parsing: text) == nil)
    }

    @Test func presetNamesFollowTheListNameRule() throws {
        #expect(try ScheduleAction.preset(named: "deep-work_2") == .preset("deep-work_2"))
        for bad in ["Deep", "-deep", "", "deep work", String(repeating: "a", count: 65)] {
            #expect(throws: ScheduleError.invalidPresetName(bad)) { try ScheduleAction.preset(named: bad) }
        }
    }
}
