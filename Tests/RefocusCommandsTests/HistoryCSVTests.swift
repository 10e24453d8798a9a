import Foundation
import Glibc
import RefocusCore
import RefocusTestSupport
import Testing

/// `refocus history --csv` of a seeded history (a stand-in helper's fixed
/// answer): read back by Python's csv module and by a strict RFC 4180
/// reader, one row per ended session with the values of `--json`.
@Suite struct HistoryCSVTests {
    /// Five ended sessions, newest first: a pomodoro session stopped in its
    /// third work phase and paused once, a labelled one whose label holds a
    /// comma and quotes, a paused plain one, a cleared one, a plain one.
    static let answer = #"""
        {"version":1,"ok":true,"notes":[],"sessions":[
         {"id":5,"owner":1000,"lists":["social","video"],"start":"2020-05-12T07:00:00Z",
          "plannedEnd":"2020-05-12T09:15:00Z","locked":true,"endedAt":"2020-05-12T08:10:00Z","outcome":"stopped",
          "entries":40,"programs":2,"pomodoro":{"work":1500,"shortBreak":300,"cycles":4,"longBreak":900},
          "completedWork":2,"pause":{"seconds":300,"count":1}},
         {"id":4,"owner":1000,"lists":["news"],"start":"2020-05-11T18:00:00Z","plannedEnd":"2020-05-11T18:50:00Z",
          "locked":false,"endedAt":"2020-05-11T18:50:00Z","outcome":"completed","entries":12,"programs":0,
          "label":"thesis, \"chapter\" 2"},
         {"id":3,"owner":1000,"lists":["work"],"start":"2020-05-11T09:00:00Z","plannedEnd":"2020-05-11T10:20:00Z",
          "locked":false,"endedAt":"2020-05-11T10:20:00Z","outcome":"completed","pause":{"seconds":1200,"count":2}},
         {"id":2,"owner":0,"lists":["games"],"start":"2020-05-10T20:00:00Z","plannedEnd":"2020-05-10T22:00:00Z",
          "locked":true,"endedAt":"2020-05-10T20:30:00Z","outcome":"cleared"},
         {"id":1,"owner":1000,"lists":["news","social"],"start":"2020-05-10T09:00:00Z",
          "plannedEnd":"2020-05-10T10:00:00Z","locked":false,"endedAt":"2020-05-10T09:25:00Z","outcome":"stopped"}]}
        """#

    /// The header of `--csv`: the keys of `--json`, in this order.
    static let header = [
        "id", "owner", "lists", "start", "plannedEnd", "endedAt", "seconds", "plannedSeconds", "locked",
        "outcome", "entries", "programs", "label", "pomodoro", "completedWork", "pauses",
        "pausedSeconds", "mode", "reason",
    ]

    /// Reads `csv` with Python's csv module (strict, newline='' as its manual says) into rows of fields.
    static func python(_ csv: String) throws -> [[String]] {
        let script = """
            import csv, io, json, sys
            rows = list(csv.reader(io.TextIOWrapper(sys.stdin.buffer, encoding='utf-8', newline=''), strict=True))
            print(json.dumps(rows))
            """
        let run = try Binary.execute("/usr/bin/python3", ["-c", script], input: csv)
        #expect(run.status == 0, "\(run.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String]])
    }

    /// A `--json` value as `--csv` writes it: lists joined by `;`, a plan as text, true or false.
    static func text(_ key: String, _ value: Any?) throws -> String {
        if key == "locked" { return try #require(value as? Bool) ? "true" : "false" }
        switch value {
        case nil: return ""
        case let lists as [String]: return lists.joined(separator: ";")
        case let plan as [String: Any]:
            let data = try JSONSerialization.data(withJSONObject: plan)
            return try JSONDecoder().decode(PomodoroPlan.self, from: data).description
        case let number as NSNumber: return number.stringValue
        case let string as String: return string
        default: Issue.record("\(key): \(String(describing: value))"); return ""
        }
    }

    @Test(
        .enabled(
            if: getuid() == 0, "needs root: the CLI runs a stand-in helper directly only as root, else through sudo"))
    func pythonAndAStrictReaderReadTheValuesOfJSON() throws {
        let refocus = try Binary()
        defer { refocus.cleanUp() }
        let helper = try HistoryCommandTests.standIn(refocus, answering: Self.answer)
        let environment = ["REFOCUS_HELPER": helper, "TZ": "Europe/Berlin"]
        let csv = try refocus.run(["history", "--csv", "--limit", "100"], environment: environment)
        #expect(csv.status == 0 && csv.stderr.isEmpty, "\(csv.stderr)")
        #expect(try String(contentsOfFile: helper + ".request", encoding: .utf8).contains(#""limit":100"#))

        let strict = try StrictCSV.records(csv.stdout)
        let rows = try Self.python(csv.stdout)
        #expect(rows == strict, "Python and the strict reader agree")
        #expect(rows.first == Self.header)
        #expect(rows.count == 6 && rows.dropFirst().allSatisfy { $0.count == Self.header.count }, "\(rows)")

        let json = try refocus.run(["history", "--json", "--limit", "100"], environment: environment)
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(objects.count == rows.count - 1)
        for (object, row) in zip(objects, rows.dropFirst()) {
            #expect(Set(object.keys).isSubset(of: Self.header), "every --json key is a column: \(object.keys)")
            for (key, field) in zip(Self.header, row) {
                #expect(field == (try Self.text(key, object[key])), "\(key) of session \(row[0])")
            }
        }

        // The values themselves, as a person checks them.
        #expect(
            rows[1] == [
                "5", "1000", "social;video", "2020-05-12T07:00:00Z", "2020-05-12T09:15:00Z",
                "2020-05-12T08:10:00Z", "4200", "8100", "true", "stopped", "40", "2", "",
                "25m/5m x4, 15m long break", "2", "1", "300", "block", "",
            ])
        #expect(
            rows[2][12] == #"thesis, "chapter" 2"# && rows[2][13..<17].allSatisfy(\.isEmpty) && rows[2][17] == "block")
        #expect(rows[3][14...] == ["", "2", "1200", "block", ""], "a paused plain session: no completedWork")
        #expect(rows[4][9] == "cleared" && rows[4][1] == "0")
        #expect(
            rows[5][2...10] == [
                "news;social", "2020-05-10T09:00:00Z", "2020-05-10T10:00:00Z", "2020-05-10T09:25:00Z",
                "1500", "3600", "false", "stopped", "",
            ])
        #expect(csv.stdout.contains(#","thesis, ""chapter"" 2","#), "the label quoted, its quotes doubled")
    }

    @Test(
        .enabled(
            if: getuid() == 0, "needs root: the CLI runs a stand-in helper directly only as root, else through sudo"))
    func localTimesCarryTheirOffsetAndAnEmptyHistoryIsItsHeader() throws {
        let refocus = try Binary()
        defer { refocus.cleanUp() }
        let helper = try HistoryCommandTests.standIn(refocus, answering: Self.answer)
        // 07:00 UTC in May is 09:00 in Berlin (summer time, UTC+2); 20:00 UTC is 16:00 in New York (UTC-4).
        let berlin = try refocus.run(
            ["history", "--csv", "--local"],
            environment: ["REFOCUS_HELPER": helper, "TZ": "Europe/Berlin"])
        #expect(berlin.status == 0, "\(berlin.stderr)")
        let rows = try Self.python(berlin.stdout)
        #expect(
            rows[1][3...5] == ["2020-05-12T09:00:00+02:00", "2020-05-12T11:15:00+02:00", "2020-05-12T10:10:00+02:00"])
        let york = try refocus.run(
            ["history", "--csv", "--local"],
            environment: ["REFOCUS_HELPER": helper, "TZ": "America/New_York"])
        #expect(try StrictCSV.records(york.stdout)[4][3] == "2020-05-10T16:00:00-04:00")

        let empty = try HistoryCommandTests.standIn(
            refocus, answering: #"{"version":1,"ok":true,"notes":[],"sessions":[]}"#)
        let none = try refocus.run(["history", "--csv", "--since", "today"], environment: ["REFOCUS_HELPER": empty])
        #expect(none.status == 0 && none.stdout == Self.header.joined(separator: ",") + "\r\n", "\(none.stdout)")
    }

    @Test(arguments: [
        (["--csv", "--json"], "--csv and --json cannot be used together; choose one"),
        (["--json", "--csv", "--local"], "--csv and --json cannot be used together"),
        (["--local"], "--local goes with --csv only"),
        (["--json", "--local"], "--local goes with --csv only"),
    ])
    func csvAndJSONAreExclusiveAndLocalNeedsCSV(arguments: [String], message: String) throws {
        let refocus = try Binary()
        defer { refocus.cleanUp() }
        let run = try refocus.run(
            ["history"] + arguments, environment: ["REFOCUS_HELPER": "/nonexistent/refocus-helper"])
        #expect(run.status == 64 && run.stdout.isEmpty, "\(run.status) \(run.stdout)")
        #expect(run.stderr.contains(message), "\(run.stderr)")
    }

    /// The help names the options and shows examples; the man page, where the
    /// help sends the reader, describes the columns and the times.
    @Test func helpAndManPageNameTheColumnsTheTimeZonesAndExamples() throws {
        let refocus = try Binary()
        defer { refocus.cleanUp() }
        let help = try refocus("history", "--help")
        for text in ["--csv", "--local", "RFC 4180", "CRLF", "refocus history --csv --limit 10000 > history.csv"] {
            #expect(help.stdout.contains(text), "\(text) in \(help.stdout)")
        }
        let page = try ManPageTests.handWritten("refocus.1")
        for text in ["RFC 4180", "CRLF", "joined by ';'", "25m/5m x4, 15m long break", "2026-05-10T11:00:00+02:00"] {
            #expect(page.contains(text), "\(text) in refocus.1.roff")
        }
    }
}
