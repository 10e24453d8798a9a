import Foundation
import Glibc
import RefocusTestSupport
import Testing

/// `refocus history` as a user runs it: checks before the helper is asked, and,
/// as root (who runs the helper without sudo), the output for a stand-in helper.
@Suite struct HistoryCommandTests {
    @Test(arguments: [
        (["--limit", "0"], 64, "--limit must be from 1 to 10000, not 0"),
        (["--limit", "10001"], 64, "--limit must be from 1 to 10000"),
        (["--since", "2026-02-30"], 65, "'2026-02-30': not a day or a time ago; write YYYY-MM-DD"),
        (["--since", "2026"], 65, "'2026': not a day or a time ago"),
        (["--all-machines", "--csv"], 64, "--all-machines goes with the lines or --json, not --csv"),
    ])
    func refusesBadOptionsBeforeAskingTheHelper(arguments: [String], status: Int32, message: String) throws {
        let refocus = try Binary()
        defer { refocus.cleanUp() }
        let run = try refocus.run(
            ["history"] + arguments, environment: ["REFOCUS_HELPER": "/nonexistent/refocus-helper"])
        #expect(run.status == status, "\(run.stderr)")
        #expect(run.stderr.contains(message), "\(run.stderr)")
        #expect(!run.stderr.contains("not installed"), "the helper is not asked")
    }

    /// The help shows examples and the exit codes; the man page, where it sends the reader, the JSON keys.
    @Test func helpShowsExamplesAndExitCodesAndTheManPageTheJSONKeys() throws {
        let refocus = try Binary()
        defer { refocus.cleanUp() }
        let help = try refocus("history", "--help")
        #expect(help.status == 0)
        for text in [
            "refocus history --since 7d --json", "man refocus", "Exit status: 0 success", "--limit <N>",
            "--since <DATE>",
        ] {
            #expect(help.stdout.contains(text), "\(text) in \(help.stdout)")
        }
        let page = try ManPageTests.handWritten("refocus.1")
        for text in ["plannedSeconds", "outcome (completed, stopped or cleared)", "mode (block, or allow"] {
            #expect(page.contains(text), "\(text) in refocus.1.roff")
        }
        #expect(ManPageTests.lists(try refocus("--help").stdout, subcommand: "history"))
    }

    /// Two ended sessions, newest end first, as the helper answers them.
    static let answer = #"""
        {"version":1,"ok":true,"notes":[],"sessions":[
         {"id":2,"owner":1000,"lists":["news","social"],"start":"2020-05-10T09:00:00Z","plannedEnd":"2020-05-10T10:00:00Z",
          "locked":false,"endedAt":"2020-05-10T09:25:00Z","outcome":"stopped"},
         {"id":1,"owner":1000,"lists":["work"],"start":"2020-05-09T08:00:00Z","plannedEnd":"2020-05-09T08:50:00Z",
          "locked":true,"endedAt":"2020-05-09T08:50:00Z","outcome":"completed"}]}
        """#

    @Test(
        .enabled(
            if: getuid() == 0, "needs root: the CLI runs a stand-in helper directly only as root, else through sudo"))
    func printsOneLinePerSessionAndAStableJSONArray() throws {
        let refocus = try Binary()
        defer { refocus.cleanUp() }
        let helper = try Self.standIn(refocus, answering: Self.answer)
        let environment = ["REFOCUS_HELPER": helper, "TZ": "UTC"]

        let human = try refocus.run(["history", "--limit", "5", "--since", "2020-05-01"], environment: environment)
        #expect(human.status == 0, "\(human.stderr)")
        #expect(
            human.stdout == """
                #2 news, social: 2020-05-10 09:00, 25m of 1h, stopped
                #1 work: 2020-05-09 08:00, 50m, completed

                """)
        let request = try String(contentsOfFile: helper + ".request", encoding: .utf8)
        #expect(request.contains(#""history":{"limit":5,"since":"2020-05-01T00:00:00Z"}"#), "\(request)")
        #expect(try String(contentsOfFile: helper + ".verb", encoding: .utf8) == "history\n")

        let json = try refocus.run(["history", "--json"], environment: environment)
        #expect(json.status == 0, "\(json.stderr)")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(rows.count == 2)
        #expect(
            Set(rows[0].keys) == [
                "id", "owner", "lists", "start", "plannedEnd", "endedAt", "seconds",
                "plannedSeconds", "locked", "outcome", "mode",
            ])
        #expect(rows[0]["id"] as? Int == 2 && rows[0]["owner"] as? Int == 1000)
        #expect(rows[0]["lists"] as? [String] == ["news", "social"])
        #expect(rows[0]["start"] as? String == "2020-05-10T09:00:00Z")
        #expect(rows[0]["endedAt"] as? String == "2020-05-10T09:25:00Z")
        #expect(rows[0]["seconds"] as? Int == 1500 && rows[0]["plannedSeconds"] as? Int == 3600)
        #expect(rows[0]["outcome"] as? String == "stopped" && rows[0]["locked"] as? Bool == false)
        #expect(rows[1]["outcome"] as? String == "completed" && rows[1]["seconds"] as? Int == 3000)
        let request2 = try String(contentsOfFile: helper + ".request", encoding: .utf8)
        #expect(request2.contains(#""history":{"limit":20}"#), "the default limit, no since: \(request2)")
    }

    @Test(
        .enabled(
            if: getuid() == 0, "needs root: the CLI runs a stand-in helper directly only as root, else through sudo"))
    func saysSoWhenThereIsNoSession() throws {
        let refocus = try Binary()
        defer { refocus.cleanUp() }
        let helper = try Self.standIn(refocus, answering: #"{"version":1,"ok":true,"notes":[],"sessions":[]}"#)
        let human = try refocus.run(["history", "--since", "today"], environment: ["REFOCUS_HELPER": helper])
        #expect(human.status == 0 && human.stdout == "No ended session since today.\n")
        let json = try refocus.run(["history", "--json"], environment: ["REFOCUS_HELPER": helper])
        #expect(json.status == 0)
        #expect(
            (try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [Any])?.isEmpty == true,
            "\(json.stdout)")
    }

    @Test(
        .enabled(
            if: getuid() == 0, "needs root: the CLI runs a stand-in helper directly only as root, else through sudo"))
    func showsLocalTimesOnA24HourClock() throws {
        let refocus = try Binary()
        defer { refocus.cleanUp() }
        // 19:30 UTC in May is 15:30 in New York (summer time, UTC-4); in January, 14:30 (UTC-5).
        let helper = try Self.standIn(
            refocus,
            answering: #"""
                {"version":1,"ok":true,"notes":[],"sessions":[
                 {"id":2,"owner":1000,"lists":["news"],"start":"2020-05-10T19:30:00Z","plannedEnd":"2020-05-10T20:00:00Z",
                  "locked":false,"endedAt":"2020-05-10T20:00:00Z","outcome":"completed"},
                 {"id":1,"owner":1000,"lists":["work"],"start":"2020-01-09T19:30:00Z","plannedEnd":"2020-01-09T20:00:00Z",
                  "locked":false,"endedAt":"2020-01-09T20:00:00Z","outcome":"completed"}]}
                """#)
        let run = try refocus.run(
            ["history"],
            environment: [
                "REFOCUS_HELPER": helper, "TZ": "America/New_York",
                "LANG": "en_US.UTF-8", "LC_ALL": "en_US.UTF-8",
            ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stdout == """
                #2 news: 2020-05-10 15:30, 30m, completed
                #1 work: 2020-01-09 14:30, 30m, completed

                """)
    }

    /// A stand-in for refocus-helper that refuses every request with `code` and `message`, ending as `exit` says.
    static func standIn(_ refocus: Binary, refusing code: String, message: String, exit: String = "exit 0") throws
        -> String
    {
        try standIn(
            refocus, answering: #"{"version":1,"ok":false,"error":{"code":"\#(code)","message":"\#(message)"}}"#,
            exit: exit)
    }

    /// A stand-in for refocus-helper that records its verb and request, prints
    /// `answer` and ends as `exit` says (`exit 65`, or `kill -ABRT $$` for a crash).
    static func standIn(_ refocus: Binary, answering answer: String, exit: String = "exit 0") throws -> String {
        try refocus.writeProgram(
            """
            #!/bin/sh
            echo "$1" > "$0.verb"
            cat > "$0.request"
            cat <<'EOF'
            \(answer)
            EOF
            \(exit)
            """, to: "refocus-helper")
    }
}
