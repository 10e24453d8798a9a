import Foundation
import Glibc
import RefocusTestSupport
import Testing

/// `refocus status` in the forms a status bar runs every second, which skip
/// the argument parser: each prints what the parsed form prints (the same
/// arguments ended by `--`, which only the parser takes), and anything else
/// still meets the parser.
@Suite struct StatusBarInvocationTests {
    /// One active session, far in the future, as the helper answers it.
    static let answer = #"""
        {"version":1,"ok":true,"notes":[],"sessions":[
         {"id":4,"owner":1000,"lists":["social"],"start":"2020-05-10T19:30:00Z","plannedEnd":"2099-05-10T20:00:00Z",
          "locked":true}]}
        """#

    /// Runs the CLI in a mount namespace of its own with an empty /run, so
    /// that it asks the stand-in helper rather than reading the status file
    /// of a ReFocus installed on this machine (private propagation: the
    /// machine's /run is untouched).
    static let withoutMachineStatus = [
        "/usr/bin/unshare", "--mount", "--propagation", "private", "/bin/sh", "-c",
        #"mount -t tmpfs tmpfs /run && exec "$0" "$@""#,
    ]

    @Test(
        .enabled(
            if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare"),
            "needs root: the CLI runs a stand-in helper directly only as root, else through sudo; and unshare"))
    func barFormsPrintWhatTheParsedFormsPrint() throws {
        let refocus = try Binary()
        defer { refocus.cleanUp() }
        let helper = try HistoryCommandTests.standIn(refocus, answering: Self.answer)
        let environment = ["REFOCUS_HELPER": helper, "TZ": "UTC"]
        let prefix = Self.withoutMachineStatus
        for form in [
            ["status"], ["status", "--json"], ["status", "--format", "waybar"], ["status", "--format=polybar"],
            ["status", "--format", "i3blocks"], ["status", "--format", "plain"],
        ] {
            let quick = try refocus.run(form, environment: environment, prefix: prefix)
            let parsed = try refocus.run(form + ["--"], environment: environment, prefix: prefix)
            #expect(quick.status == 0 && parsed.status == 0, "\(form): \(quick.stderr) \(parsed.stderr)")
            #expect(!quick.stdout.isEmpty && quick.stdout.contains("social"), "\(form): \(quick.stdout)")
            // The time left may tick between the two runs; everything else is equal.
            #expect(Self.withoutTimeLeft(quick.stdout) == Self.withoutTimeLeft(parsed.stdout), "\(form)")
        }
        let waybar = try refocus.run(["status", "--format", "waybar"], environment: environment, prefix: prefix)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(waybar.stdout.utf8)) as? [String: String])
        #expect(
            object["class"] == "active" && object["tooltip"]?.contains("until 2099-05-10 20:00") == true, "\(object)")
    }

    /// A status file whose sessions all ended in 2020, but one was paused then: its time
    /// stands still, so every form shows it, paused, with the time it had left.
    static let pausedSnapshot = #"""
        {"version":1,"sessions":[
         {"id":3,"owner":0,"lists":["social"],"start":"2020-05-10T09:00:00Z","plannedEnd":"2020-05-10T11:10:00Z",
          "locked":false,"pomodoro":{"work":1500,"shortBreak":300,"cycles":4,"longBreak":900},
          "phase":{"kind":"work","cycle":2,"cycles":4,"endsAt":"2020-05-10T09:55:00Z"},
          "pause":{"pausedAt":"2020-05-10T09:43:00Z","seconds":60,"count":2},"completedWork":1,
          "blockedAttempts":0,"programsKilled":0},
         {"id":4,"owner":0,"lists":["news"],"start":"2020-05-10T09:00:00Z","plannedEnd":"2020-05-10T10:00:00Z",
          "locked":false,"blockedAttempts":0,"programsKilled":0}],
         "counts":{"names":6,"addresses":0,"programs":0,"programBlocking":"none","browserPolicies":["chromium"]}}
        """#

    @Test(
        .enabled(
            if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare"),
            "needs root, to mount a /run of its own (unshare) holding the status file"))
    func aPausedSessionOutlivesItsPlannedEndInTheStatusFile() throws {
        let refocus = try Binary()
        defer { refocus.cleanUp() }
        let file = try refocus.write(Self.pausedSnapshot, to: "status.json")
        let prefix = [
            "/usr/bin/unshare", "--mount", "--propagation", "private", "/bin/sh", "-c",
            #"mount -t tmpfs tmpfs /run && mkdir /run/refocus && cp "$STATUS_COPY" /run/refocus/status.json "#
                + #"&& exec "$0" "$@""#,
        ]
        let environment = ["REFOCUS_HELPER": "/nonexistent/refocus-helper", "STATUS_COPY": file]
        for (form, expected) in [
            (
                ["status"],
                "#3 social paused (1h27m left), in work 2/4 (12m left)\nEnforced by: /etc/hosts (6 names), browser policies (Chromium).\n"
            ),
            (["status", "--format", "polybar"], "focus: social paused 1h27m\n"),
            (["status", "--format", "i3blocks", "--"], "focus: social paused 1h27m\npaused 1h27m\n#98C379\n"),
        ] {
            let run = try refocus.run(form, environment: environment, prefix: prefix)
            #expect(run.status == 0 && run.stdout == expected, "\(form): \(run.stdout) \(run.stderr)")
        }
        let json = try refocus.run(["status", "--json"], environment: environment, prefix: prefix)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let sessions = try #require(object["sessions"] as? [[String: Any]], "\(json.stdout)")
        #expect(sessions.count == 1 && sessions[0]["id"] as? Int == 3, "the ended session is left out: \(json.stdout)")
        #expect((sessions[0]["pause"] as? [String: Any])?["count"] as? Int == 2)
        #expect((sessions[0]["phase"] as? [String: Any])?["endsAt"] as? String == "2020-05-10T09:55:00Z")
        #expect(sessions[0]["completedWork"] as? Int == 1)
    }

    @Test func otherFormsMeetTheParser() throws {
        let refocus = try Binary()
        defer { refocus.cleanUp() }
        let environment = ["REFOCUS_HELPER": "/nonexistent/refocus-helper"]
        let badFormat = try refocus.run(["status", "--format", "xmobar"], environment: environment)
        #expect(badFormat.status == 64 && badFormat.stderr.contains("xmobar"), "\(badFormat.stderr)")
        let badEquals = try refocus.run(["status", "--format=xmobar"], environment: environment)
        #expect(badEquals.status == 64, "\(badEquals.stderr)")
        let help = try refocus.run(["status", "--help"], environment: environment)
        #expect(help.status == 0 && help.stdout.contains("--format"), "\(help.stdout)")
        let unknown = try refocus.run(["status", "--jsn"], environment: environment)
        #expect(unknown.status == 64, "\(unknown.stderr)")
    }

    /// The text with every `NNhNNmNNs`-style length replaced by `_`.
    static func withoutTimeLeft(_ text: String) -> String {
        text.replacingOccurrences(of: #"[0-9]+[dhms][0-9dhms]*"#, with: "_", options: .regularExpression)
    }
}
