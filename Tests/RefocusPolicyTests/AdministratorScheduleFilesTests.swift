import RefocusCore
import RefocusPolicy
import Testing

/// The administrator's `[[schedule]]` tables read strictly: each mistake
/// names `schedules.d/FILE`, the table and key, and the fix; nothing is read
/// silently as something else.
@Suite struct AdministratorScheduleFilesTests {
    static func lists() throws -> [BlockListName: BlockList] {
        let games = try BlockListName("games")
        let video = try BlockListName("video")
        let empty = try BlockListName("empty")
        return [
            games: BlockList(name: games, entries: [try BlockEntry(parsing: "minecraft.net")]),
            video: BlockList(name: video, programs: [try ProgramName("mpv")]),
            empty: BlockList(name: empty),
        ]
    }

    static func parse(_ text: String, file: String = "family.toml") throws -> [AdministratorSchedule] {
        try AdministratorScheduleFiles.parse(text, file: file, lists: lists())
    }

    @Test func bothFormsAreReadWhole() throws {
        let schedules = try Self.parse(
            """
            [[schedule]]
            name = "school-nights"
            users = ["kid"]
            groups = ["children"]
            lists = ["games", "video"]
            when = "20:00-07:00"
            days = ["sun", "mon", "tue", "wed", "thu"]

            [[schedule]]
            name = "homework"
            groups = ["children"]
            lists = ["games"]
            start = "0 16 * * mon-fri"
            length = "2h"
            lock = false
            allowance = "45m"
            """)
        #expect(schedules.map(\.name.rawValue) == ["school-nights", "homework"])
        let nights = try #require(schedules.first)
        #expect(nights.users == ["kid"] && nights.groups == ["children"] && nights.lock && nights.file == "family.toml")
        #expect(nights.lists.map(\.name.rawValue) == ["games", "video"])
        #expect(nights.timing == .daily(startMinute: 1200, endMinute: 420, days: [0, 1, 2, 3, 4]))
        let homework = try #require(schedules.last)
        #expect(homework.timing == .cron(start: try CronExpression("0 16 * * mon-fri"), lengthSeconds: 7200))
        #expect(!homework.lock && homework.users.isEmpty)
        #expect(nights.allowanceSeconds == nil && homework.allowanceSeconds == 2700)
    }

    @Test func daysDefaultToEveryDay() throws {
        let schedule = try #require(
            try Self.parse("[[schedule]]\nname = \"a\"\nusers = [\"kid\"]\nlists = [\"games\"]\nwhen = \"12:00-13:00\"")
                .first)
        #expect(schedule.timing == .daily(startMinute: 720, endMinute: 780, days: Set(0...6)))
    }

    @Test func aCronStartMayLastFromAMinuteToAWeek() throws {
        for (length, seconds) in [("1m", 60), ("168h", 604_800)] {
            let text = "[[schedule]]\nname = \"a\"\nusers = [\"kid\"]\nlists = [\"games\"]\nstart = \"0 20 * * fri\"\n"
            let schedule = try #require(try Self.parse(text + "length = \"\(length)\"").first)
            #expect(schedule.timing == .cron(start: try CronExpression("0 20 * * fri"), lengthSeconds: seconds))
        }
    }

    static let table = "name = \"s\"\n" + base
    static let base = "users = [\"kid\"]\nlists = [\"games\"]\n"

    /// A table (after `[[schedule]]`), the key the message must name and words of its fix.
    @Test(arguments: [
        (table + "when = \"20:00-07:00\"\ncolour = \"red\"", "schedule[1].colour", "unknown key; the keys are name"),
        ("users = [\"kid\"]\nlists = [\"games\"]\nwhen = \"20:00-07:00\"", "schedule[1].name", "missing"),
        (
            "name = \"School\"\nusers = [\"kid\"]\nlists = [\"games\"]\nwhen = \"20:00-07:00\"", "schedule[1].name",
            "a-z"
        ),
        ("name = \"s\"\nlists = [\"games\"]\nwhen = \"20:00-07:00\"", "schedule[1].users", "groups = [\"children\"]"),
        ("name = \"s\"\nusers = []\nlists = [\"games\"]\nwhen = \"20:00-07:00\"", "schedule[1].users", "1 to 256"),
        (
            "name = \"s\"\nusers = [\"ki d\"]\nlists = [\"games\"]\nwhen = \"1:00-2:00\"", "schedule[1].users",
            "not a name"
        ),
        (
            "name = \"s\"\nusers = [\"kid\", \"kid\"]\nlists = [\"games\"]\nwhen = \"1:00-2:00\"", "schedule[1].users",
            "twice"
        ),
        (
            "name = \"s\"\ngroups = [\"-x\"]\nlists = [\"games\"]\nwhen = \"1:00-2:00\"", "schedule[1].groups",
            "not a name"
        ),
        ("name = \"s\"\nusers = [\"kid\"]\nwhen = \"20:00-07:00\"", "schedule[1].lists", "missing"),
        (
            "name = \"s\"\nusers = [\"kid\"]\nlists = [\"chess\"]\nwhen = \"1:00-2:00\"", "schedule[1].lists",
            "no administrator list \"chess\"; create /etc/refocus/lists/chess.domains"
        ),
        ("name = \"s\"\nusers = [\"kid\"]\nlists = [\"empty\"]\nwhen = \"1:00-2:00\"", "schedule[1].lists", "empty"),
        (
            "name = \"s\"\nusers = [\"kid\"]\nlists = [\"games\", \"games\"]\nwhen = \"1:00-2:00\"",
            "schedule[1].lists",
            "twice"
        ),
        ("name = \"s\"\nusers = [\"kid\"]\nlists = \"games\"\nwhen = \"1:00-2:00\"", "schedule[1].lists", "array"),
        (table, "schedule[1].when", "missing: give when"),
        (table + "when = \"20:00\"", "schedule[1].when", "not a range"),
        (table + "when = \"20:00-24:00\"", "schedule[1].when", "not a range"),
        (table + "when = \"20:00-20:00\"", "schedule[1].when", "length = \"24h\""),
        (table + "when = 2000", "schedule[1].when", "in quotes"),
        (table + "when = \"20:00-07:00\"\ndays = [\"monday\"]", "schedule[1].days", "sun, mon"),
        (table + "when = \"20:00-07:00\"\ndays = []", "schedule[1].days", "the days the range starts on"),
        (table + "when = \"20:00-07:00\"\ndays = [\"mon\", \"mon\"]", "schedule[1].days", "twice"),
        (table + "when = \"20:00-07:00\"\nlength = \"1h\"", "schedule[1].length", "with start only"),
        (table + "when = \"20:00-07:00\"\nstart = \"0 20 * * *\"", "schedule[1].start", "not both"),
        (table + "start = \"0 20 * * *\"", "schedule[1].length", "missing: a cron start needs a length"),
        (table + "start = \"0 20 * * *\"\nlength = \"8d\"", "schedule[1].length", "\"168h\""),
        (table + "start = \"0 20 * * *\"\nlength = \"30s\"", "schedule[1].length", "from \"1m\""),
        (table + "start = \"0 25 * * *\"\nlength = \"1h\"", "schedule[1].start", "hour"),
        (table + "start = \"@reboot\"\nlength = \"1h\"", "schedule[1].start", "@reboot is not a time"),
        (table + "start = \"0 20 * * *\"\nlength = \"1h\"\ndays = [\"mon\"]", "schedule[1].days", "with when only"),
        (table + "when = \"20:00-07:00\"\nlock = \"yes\"", "schedule[1].lock", "true or false"),
        (table + "when = \"20:00-07:00\"\nallowance = \"24h\"", "schedule[1].allowance", "\"23h59m59s\""),
        (table + "when = \"20:00-07:00\"\nallowance = 45", "schedule[1].allowance", "in quotes"),
        (table + "when = \"20:00-07:00\"\nallowance = \"0s\"", "schedule[1].allowance", "from \"1s\""),
    ])
    func eachMistakeNamesItsKeyAndTheFix(table: String, key: String, fix: String) throws {
        let error = #expect(throws: AdministrationError.self) { try Self.parse("[[schedule]]\n" + table) }
        guard case let .invalid(path, named, reason) = error else {
            Issue.record("not an invalid key: \(String(describing: error))")
            return
        }
        #expect(path == "schedules.d/family.toml")
        #expect(named == key)
        #expect(reason.contains(fix), "\(reason)")
    }

    @Test(
        arguments: [
            ("colour = 1\n", "colour", "[[schedule]] tables only"),
            ("schedule = 1\n", "schedule", "give [[schedule]] tables"),
            ("[[schedule\n", nil, "not valid TOML"),
        ] as [(String, String?, String)])
    func aFileOfOtherThingsIsRefused(text: String, key: String?, fix: String) throws {
        let error = #expect(throws: AdministrationError.self) { try Self.parse(text) }
        guard case let .invalid(_, named, reason) = error else { return }
        #expect(named == key && reason.contains(fix), "\(reason)")
    }

    @Test func theSecondTableIsNamedInItsMistake() throws {
        let error = #expect(throws: AdministrationError.self) {
            try Self.parse("[[schedule]]\n\(Self.table)when = \"1:00-2:00\"\n[[schedule]]\n\(Self.table)when = \"x\"")
        }
        #expect(error?.description.hasPrefix("schedules.d/family.toml: schedule[2].when: ") == true)
    }

    @Test func aNameGivenTwiceAcrossFilesIsRefusedNamingBoth() throws {
        let first = try Self.parse("[[schedule]]\n\(Self.table)when = \"1:00-2:00\"", file: "a.toml")
        let second = try Self.parse("[[schedule]]\n\(Self.table)when = \"3:00-4:00\"", file: "b.toml")
        let error = #expect(throws: AdministrationError.self) {
            try AdministratorScheduleFiles.combine([first, second])
        }
        #expect(error?.description.contains("schedules.d/b.toml") == true)
        #expect(error?.description.contains("also given in schedules.d/a.toml") == true)
    }

    @Test func atMost64SchedulesOverAllFiles() throws {
        func file(_ prefix: String, _ count: Int) throws -> [AdministratorSchedule] {
            try Self.parse(
                (0..<count).map { "[[schedule]]\nname = \"\(prefix)\($0)\"\n" + Self.base + "when = \"1:00-2:00\"\n" }
                    .joined())
        }
        #expect(try AdministratorScheduleFiles.combine([try file("a", 40), try file("b", 24)]).schedules.count == 64)
        let error = #expect(throws: AdministrationError.self) {
            try AdministratorScheduleFiles.combine([try file("a", 40), try file("b", 25)])
        }
        #expect(error?.description.contains("more than 64 schedules") == true)
        let oneFile = #expect(throws: AdministrationError.self) { try file("a", 65) }
        #expect(oneFile?.description.contains("at most 64") == true)
    }

    @Test func atMost256UsersAndGroups() throws {
        func names(_ count: Int) -> String { "[" + (0..<count).map { "\"u\($0)\"" }.joined(separator: ", ") + "]" }
        for field in ["users", "groups"] {
            let table = "[[schedule]]\nname = \"s\"\nlists = [\"games\"]\nwhen = \"1:00-2:00\"\n\(field) = "
            #expect(try Self.parse(table + names(256)).count == 1)
            let error = #expect(throws: AdministrationError.self) { try Self.parse(table + names(257)) }
            #expect(error?.description.contains("schedule[1].\(field): give an array of 1 to 256") == true)
        }
    }
}
