import Foundation
import Glibc
import RefocusCore
import RefocusTestSupport
import Testing

/// `refocus status` with daily allowances, as a status bar runs it: from a
/// status file holding a counting and a spent allowance of the caller and
/// another user's counting one (which no form shows), in every form, the
/// fast ones that skip the argument parser included; and from the helper's
/// status answer when there is no status file.
@Suite struct AllowanceStatusFileTests {
    static let rootOnly = Testing.ConditionTrait.enabled(
        if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare"),
        "needs root, to mount a /run of its own (unshare) holding the status file, and to run a stand-in helper")

    typealias Allow = AllowDailyCommandTests

    /// Root's counting `video` (10 of 30 minutes used before `now`) and spent `games`, and uid 1000's counting `social`.
    static func snapshot(now: Date, resets: Date) -> String {
        let (since, at) = (Allow.iso(now), Allow.iso(resets))
        return #"""
            {"version":1,"sessions":[],
             "counts":{"names":6,"addresses":0,"programs":3,"programBlocking":"exec-events"},
             "allowances":[
              {"owner":0,"list":"video","dailySeconds":1800,"usedSeconds":600,"countingSince":"\#(since)",
               "resetsAt":"\#(at)","spent":false,"programs":2,"domains":6},
              {"owner":0,"list":"games","dailySeconds":3600,"usedSeconds":3600,"resetsAt":"\#(at)",
               "lockedUntil":"\#(at)","spent":true,"programs":1,"domains":0},
              {"owner":1000,"list":"social","dailySeconds":600,"usedSeconds":0,"countingSince":"\#(since)",
               "resetsAt":"\#(at)","spent":false,"programs":1,"domains":9}]}
            """#
    }

    /// The length in `text` before ` left`: the time left, which may tick between writing the file and reading it.
    static func left(in text: String, of list: String) throws -> Int {
        let match = try #require(text.firstMatch(of: try Regex("\(list):? ([0-9hms]+) left")), "\(text)")
        let words = try #require(match.output[1].substring)
        return try SessionLength.parseDelay(String(words)).seconds
    }

    @Test(rootOnly) func everyFormShowsYourOwnCountingAndSpentAllowances() throws {
        let refocus = try Binary()
        defer { refocus.cleanUp() }
        let now = Date()
        let resets = now.addingTimeInterval(3 * 3600)
        let at = Allow.utcClock(resets)
        let file = try refocus.write(Self.snapshot(now: now, resets: resets), to: "status.json")
        let prefix = [
            "/usr/bin/unshare", "--mount", "--propagation", "private", "/bin/sh", "-c",
            #"mount -t tmpfs tmpfs /run && mkdir /run/refocus && cp "$STATUS_COPY" /run/refocus/status.json "#
                + #"&& exec "$0" "$@""#,
        ]
        let environment = ["REFOCUS_HELPER": "/nonexistent/refocus-helper", "STATUS_COPY": file, "TZ": "UTC"]
        for form in [["status"], ["status", "--"]] {
            let run = try refocus.run(form, environment: environment, prefix: prefix)
            #expect(run.status == 0, "\(form): \(run.stderr)")
            let lines = run.stdout.split(separator: "\n").map(String.init)
            #expect(lines.count == 5, "\(form): \(run.stdout)")
            #expect(
                lines.prefix(3) == [
                    "No active session.", "Daily allowances:",
                    "  games: spent (1h a day), blocked until \(at), locked until \(at)",
                ], "\(form): \(run.stdout)")
            #expect(lines[3].hasSuffix(" used), counting, resets at \(at)"), "\(lines)")
            #expect((1190...1200).contains(try Self.left(in: lines[3], of: "video")), "\(lines[3])")
            #expect(lines[4] == "Enforced by: /etc/hosts (6 names), exec events (3 programs).", "\(lines)")
            #expect(!run.stdout.contains("social"), "another user's allowance is not shown")
        }
        for form in [
            ["status", "--format", "polybar"], ["status", "--format=i3blocks"],
            ["status", "--format", "polybar", "--"],
        ] {
            let run = try refocus.run(form, environment: environment, prefix: prefix)
            let first = try #require(run.stdout.split(separator: "\n").first.map(String.init), "\(form): \(run.stderr)")
            #expect(run.status == 0 && first.hasPrefix("games spent until \(at); video "), "\(form): \(run.stdout)")
            #expect(
                (1190...1200).contains(try Self.left(in: first, of: "video")) && !first.contains("social"), "\(first)")
        }
        let waybar = try refocus.run(["status", "--format", "waybar"], environment: environment, prefix: prefix)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(waybar.stdout.utf8)) as? [String: String])
        #expect(object["class"] == "idle" && object["text"]?.hasPrefix("games spent until") == true, "\(object)")
        #expect(object["tooltip"]?.contains("games: spent (1h a day)") == true, "\(object)")

        let json = try refocus.run(["status", "--json"], environment: environment, prefix: prefix)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let allowances = try #require(root["allowances"] as? [[String: Any]], "\(json.stdout)")
        #expect(allowances.map { $0["list"] as? String } == ["games", "video"], "yours only: \(json.stdout)")
        #expect(
            allowances[1]["countingSince"] as? String == Allow.iso(now) && allowances[1]["usedSeconds"] as? Int == 600)
        #expect(allowances[0]["spent"] as? Bool == true && allowances[0]["lockedUntil"] as? String == Allow.iso(resets))
    }

    @Test(rootOnly) func withoutTheFileTheHelpersAnswerShowsThem() throws {
        let refocus = try Binary()
        defer { refocus.cleanUp() }
        let resets = Date().addingTimeInterval(2 * 3600)
        let helper = try HistoryCommandTests.standIn(
            refocus,
            answering: Allow.answer([
                #""list":"games","dailySeconds":3600,"usedSeconds":3600,"resetsAt":"\#(Allow.iso(resets))","#
                    + #""spent":true,"programs":1,"domains":0"#
            ]))
        let environment = ["REFOCUS_HELPER": helper, "TZ": "UTC"]
        let prefix = StatusBarInvocationTests.withoutMachineStatus
        let at = Allow.utcClock(resets)
        let plain = try refocus.run(["status"], environment: environment, prefix: prefix)
        #expect(
            plain.status == 0
                && plain.stdout
                    == "No active session.\nDaily allowances:\n  games: spent (1h a day), blocked until \(at)\n",
            "\(plain.stdout) \(plain.stderr)")
        #expect(try String(contentsOfFile: helper + ".verb", encoding: .utf8) == "status\n")
        let bar = try refocus.run(["status", "--format", "polybar"], environment: environment, prefix: prefix)
        #expect(bar.stdout == "games spent until \(at)\n", "\(bar.stdout)")
    }
}
