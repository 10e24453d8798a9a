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
    static let withoutMachineStatus = ["/usr/bin/unshare", "--mount", "--propagation", "private", "/bin/sh", "-c",
                                       #"mount -t tmpfs tmpfs /run && exec "$0" "$@""#]

    @Test(.enabled(if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare"),
                   "needs root: the CLI runs a stand-in helper directly only as root, else through sudo; and unshare"))
    func barFormsPrintWhatTheParsedFormsPrint() throws {
        let refocus = try Binary()
        defer { refocus.cleanUp() }
        let helper = try HistoryCommandTests.standIn(refocus, answering: Self.answer)
        let environment = ["REFOCUS_HELPER": helper, "TZ": "UTC"]
        let prefix = Self.withoutMachineStatus
        for form in [["status"], ["status", "--json"], ["status", "--format", "waybar"], ["status", "--format=polybar"],
                     ["status", "--format", "i3blocks"], ["status", "--format", "plain"]] {
            let quick = try refocus.run(form, environment: environment, prefix: prefix)
            let parsed = try refocus.run(form + ["--"], environment: environment, prefix: prefix)
            #expect(quick.status == 0 && parsed.status == 0, "\(form): \(quick.stderr) \(parsed.stderr)")
            #expect(!quick.stdout.isEmpty && quick.stdout.contains("social"), "\(form): \(quick.stdout)")
            // The time left may tick between the two runs; everything else is equal.
            #expect(Self.withoutTimeLeft(quick.stdout) == Self.withoutTimeLeft(parsed.stdout), "\(form)")
        }
        let waybar = try refocus.run(["status", "--format", "waybar"], environment: environment, prefix: prefix)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(waybar.stdout.utf8)) as? [String: String])
        #expect(object["class"] == "active" && object["tooltip"]?.contains("until 2099-05-10 20:00") == true, "\(object)")
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
