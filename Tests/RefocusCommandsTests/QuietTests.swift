import Foundation
import Glibc
import RefocusTestSupport
import Testing

/// `--quiet` (`-q`), before or after the command's name: the commands that
/// change something print nothing when they succeed; errors, warnings and
/// output asked for still appear.
@Suite struct QuietTests {
    @Test func listChangesPrintNothing() throws {
        let refocus = try Binary()
        defer { refocus.cleanUp() }
        let hosts = try refocus.write("0.0.0.0 ads.example.com\n", to: "hosts.txt")
        for arguments in [
            ["-q", "list", "create", "work"],
            ["list", "add", "work", "reddit.com", "news.example.org", "--quiet"],
            ["list", "add", "-q", "work", "--program", "steam"],
            ["--quiet", "list", "add", "social", "example.net"],
            ["list", "remove", "work", "news.example.org", "-q"],
            ["list", "import", "-q", "work", hosts],
            ["list", "edit", "work", "-q"],
            ["-q", "list", "delete", "social"],
        ] {
            let run = try refocus.run(arguments, environment: ["VISUAL": "true", "EDITOR": "true"])
            #expect(
                run.status == 0 && run.stdout.isEmpty && run.stderr.isEmpty,
                "\(arguments): \(run.status) \(run.stdout) \(run.stderr)")
        }
        #expect(refocus.listFile("work.domains") == "reddit.com\nads.example.com\n")
        #expect(refocus.listFile("work.programs") == "steam\n")
        #expect(refocus.listFile("social.domains") == nil, "the copy of the built-in list was deleted")
    }

    @Test func errorsWarningsAndAskedForOutputStillAppear() throws {
        let refocus = try Binary()
        defer { refocus.cleanUp() }
        #expect(try refocus("-q", "list", "add", "work", "reddit.com").stdout.isEmpty)

        let missing = try refocus("-q", "list", "remove", "work", "reddit.com", "not-there.example")
        #expect(missing.status == 65 && missing.stdout.isEmpty)
        #expect(missing.stderr.contains("refocus: not in list work: not-there.example"), "\(missing.stderr)")
        #expect(refocus.listFile("work.domains") == "", "the entry that was there is removed")

        let invalid = try refocus("list", "add", "work", "co.uk", "--quiet")
        #expect(invalid.status == 65 && invalid.stdout.isEmpty && !invalid.stderr.isEmpty)

        let rejected = try refocus.write("||ok.example^\n@@||exception.example^\n", to: "filters.txt")
        let imported = try refocus("list", "import", "-q", "work", rejected)
        #expect(imported.status == 0 && imported.stdout.isEmpty)
        #expect(imported.stderr.contains("filters.txt:2:"), "rejected lines are still reported: \(imported.stderr)")

        let shown = try refocus("-q", "list", "show", "work", "--domains")
        #expect(shown.status == 0 && shown.stdout == "ok.example\n", "what was asked for is printed")
    }

    /// The helper's answer to start and stop: one session, and a note (a warning).
    static let answer = #"""
        {"version":1,"ok":true,"notes":["1 names did not resolve in time; they are blocked through /etc/hosts only"],
         "sessions":[{"id":7,"owner":0,"lists":["social"],"start":"2020-05-10T09:00:00Z",
                      "plannedEnd":"2020-05-10T09:50:00Z","locked":false}]}
        """#

    @Test(
        .enabled(
            if: getuid() == 0, "needs root: the CLI runs a stand-in helper directly only as root, else through sudo"))
    func startAndStopPrintOnlyWarnings() throws {
        let refocus = try Binary()
        defer { refocus.cleanUp() }
        let helper = try HistoryCommandTests.standIn(refocus, answering: Self.answer)
        let environment = ["REFOCUS_HELPER": helper, "TZ": "UTC"]

        let loud = try refocus.run(["start", "--list", "social", "50m"], environment: environment)
        #expect(loud.status == 0 && loud.stdout.hasPrefix("Blocking "), "\(loud.stdout) \(loud.stderr)")

        for arguments in [
            ["start", "--list", "social", "50m", "-q"], ["-q", "start", "--list", "social", "50m"],
            ["stop", "--quiet"], ["-q", "stop", "7"],
        ] {
            let run = try refocus.run(arguments, environment: environment)
            #expect(run.status == 0 && run.stdout.isEmpty, "\(arguments): \(run.stdout) \(run.stderr)")
            let expected =
                arguments.contains("start")
                ? "refocus: 1 names did not resolve in time; they are blocked through /etc/hosts only\n" : ""
            #expect(run.stderr == expected, "\(arguments): warnings stay, and only they: \(run.stderr)")
        }
        let verb = try String(contentsOfFile: helper + ".verb", encoding: .utf8)
        #expect(verb == "stop\n", "the last run asked the helper to stop")

        let json = try refocus.run(["start", "--list", "social", "50m", "-q", "--json"], environment: environment)
        #expect(
            json.status == 0 && json.stdout.contains(#""plannedEnd""#), "--json is output asked for: \(json.stdout)")
    }

    @Test(
        .enabled(
            if: getuid() == 0, "needs root: the CLI runs a stand-in helper directly only as root, else through sudo"))
    func aFailureIsStillReportedWithQuiet() throws {
        let refocus = try Binary()
        defer { refocus.cleanUp() }
        let helper = try HistoryCommandTests.standIn(
            refocus,
            answering: #"""
                {"version":1,"ok":false,"error":{"code":"session-locked","message":"session 7 is locked for 40m more"}}
                """#)
        let run = try refocus.run(["-q", "stop"], environment: ["REFOCUS_HELPER": helper])
        #expect(run.status == 77 && run.stdout.isEmpty, "\(run.status) \(run.stdout)")
        #expect(run.stderr == "refocus: session 7 is locked for 40m more\n", "\(run.stderr)")
    }
}
