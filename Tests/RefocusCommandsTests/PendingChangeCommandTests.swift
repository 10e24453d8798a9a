import Foundation
import Glibc
import RefocusCore
import RefocusTestSupport
import Testing

@testable import RefocusProtocol

/// The commands of issue 31 as a user runs them: the help of `stop` and
/// `start`; `stop --emergency` without a terminal refused with 64 before the
/// helper is asked; and, as root against a stand-in helper, the request
/// `stop --cancel`, `start --delay` and `[defaults] delay` send, and what
/// `stop` and `pause` print when their change waits for the session's delay.
/// The terminal's dialogue is `EmergencyChallengeTerminalTests`.
@Suite struct PendingChangeCommandTests {
    static let rootOnly = Testing.ConditionTrait.enabled(
        if: getuid() == 0, "needs root: the CLI runs a stand-in helper directly only as root, else through sudo")

    /// Session 9 (news), 30 minutes from 14:00 UTC, with `pending` applying at 14:10.
    static func answer(pending: String?, delay: Int? = 120) -> String {
        PaceCommandTests.answer(
            #"{"id":9,"owner":0,"lists":["news"],"start":"2020-05-10T14:00:00Z","plannedEnd":"2020-05-10T14:30:00Z","#
                + #""locked":false"# + (delay.map { #","delay":\#($0)"# } ?? "")
                + (pending.map {
                    #","pending":{"kind":"\#($0)","requestedAt":"2020-05-10T14:08:00Z","effectiveAt":"2020-05-10T14:10:00Z"}"#
                } ?? "") + "}")
    }

    @Test func theHelpOfStopTeachesTheEmergencyExitAndCancel() throws {
        let refocus = try Binary()
        defer { refocus.cleanUp() }
        let help = try refocus("stop", "--help")
        for text in ["--emergency", "--cancel", "refocus stop --emergency", "refocus stop --cancel", "65"] {
            #expect(help.stdout.contains(text), "\(text) in \(help.stdout)")
        }
        let start = try refocus("start", "--help")
        #expect(
            start.stdout.contains("[--delay <LENGTH>]") && start.stdout.contains("--delay makes stop"),
            "\(start.stdout)")
    }

    @Test func theEmergencyExitWithoutATerminalIsRefusedBeforeTheHelperIsAsked() throws {
        let refocus = try Binary()
        defer { refocus.cleanUp() }
        let helper = try HistoryCommandTests.standIn(refocus, answering: Self.answer(pending: "emergency"))
        let run = try refocus.run(
            ["stop", "--emergency"], input: "a reason\n", environment: ["REFOCUS_HELPER": helper])
        #expect(run.status == 64, "\(run.stderr)")
        #expect(run.stderr.contains("'refocus stop --emergency' needs a terminal"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: helper + ".request"), "the helper was not asked")
        let both = try refocus.run(["stop", "--emergency", "--cancel"], environment: ["REFOCUS_HELPER": helper])
        #expect(both.status == 64 && both.stderr.contains("--emergency and --cancel"), "\(both.stderr)")
    }

    @Test(rootOnly) func cancelSendsItsRequestAndSaysTheSessionRunsOn() throws {
        let refocus = try Binary()
        defer { refocus.cleanUp() }
        let helper = try HistoryCommandTests.standIn(refocus, answering: Self.answer(pending: nil))
        let run = try refocus.run(["stop", "--cancel", "9"], environment: ["REFOCUS_HELPER": helper, "TZ": "UTC"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "Session 9 (news) runs on until 2020-05-10 14:30; nothing is pending.\n", "\(run.stdout)")
        let request = try String(contentsOfFile: helper + ".request", encoding: .utf8)
        #expect(request.contains(#""stop":{"cancel":true,"sessionID":9}"#), "\(request)")
    }

    @Test(rootOnly, arguments: [("stop", "stops"), ("pause", "pauses")])
    func aChangeThatWaitsForTheDelaySaysWhen(command: String, verb: String) throws {
        let refocus = try Binary()
        defer { refocus.cleanUp() }
        let helper = try HistoryCommandTests.standIn(refocus, answering: Self.answer(pending: command))
        let run = try refocus.run([command], environment: ["REFOCUS_HELPER": helper, "TZ": "UTC"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stdout == "Session 9 (news) \(verb) at 2020-05-10 14:10, after its delay; it blocks until then. "
                + "'refocus stop --cancel' withdraws it.\n", "\(run.stdout)")
    }

    /// The `delay` a `refocus start --list news 30m` with `arguments` and `config` sends; nil when none.
    static func startDelay(_ arguments: [String], config: String?) throws -> (
        status: Int32, delay: Int?, stderr: String
    ) {
        let refocus = try Binary()
        defer { refocus.cleanUp() }
        if let config {
            try FileManager.default.createDirectory(
                atPath: refocus.home + "/refocus", withIntermediateDirectories: true)
            _ = try refocus.write(config, to: "refocus/config.toml")
        }
        let helper = try HistoryCommandTests.standIn(refocus, answering: Self.answer(pending: nil))
        let run = try refocus.run(
            ["start", "--list", "news", "30m"] + arguments, environment: ["REFOCUS_HELPER": helper])
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: helper + ".request")) else {
            return (run.status, nil, run.stderr)
        }
        let request = try HelperProtocol.decoder().decode(RequestEnvelope<StartRequest>.self, from: data).payload
        return (run.status, request.delay, run.stderr)
    }

    @Test(rootOnly) func startSendsTheDelayOfTheOptionOrOfTheDefaults() throws {
        #expect(try Self.startDelay(["--delay", "2m"], config: nil).delay == 120)
        #expect(try Self.startDelay([], config: "[defaults]\ndelay = \"90s\"\n").delay == 90)
        #expect(try Self.startDelay(["--delay", "5m"], config: "[defaults]\ndelay = \"90s\"\n").delay == 300)
        #expect(try Self.startDelay(["--delay", "0"], config: "[defaults]\ndelay = \"90s\"\n").delay == nil)
        #expect(try Self.startDelay([], config: nil).delay == nil)
        let long = try Self.startDelay(["--delay", "25h"], config: nil)
        #expect(long.status == 64 && long.stderr.contains("--delay") && long.delay == nil, "\(long.stderr)")
        let bad = try Self.startDelay([], config: "[defaults]\ndelay = 5\n")
        #expect(bad.status == 78 && bad.stderr.contains("[defaults] 'delay'") && bad.delay == nil, "\(bad.stderr)")
    }

    @Test(rootOnly) func aPresetsDelayStandsBetweenTheOptionAndTheDefaults() throws {
        let preset = "[defaults]\ndelay = \"90s\"\n\n[presets.steady]\nlists = [\"news\"]\ndelay = \"3m\"\n"
        #expect(try Self.startDelay(["steady"], config: preset).delay == 180)
        #expect(try Self.startDelay(["steady", "--delay", "5m"], config: preset).delay == 300)
        #expect(try Self.startDelay([], config: preset).delay == 90, "no preset named: the defaults'")
        let none = "[defaults]\ndelay = \"90s\"\n\n[presets.steady]\nlists = [\"news\"]\ndelay = \"0\"\n"
        #expect(try Self.startDelay(["steady"], config: none).delay == nil, "a preset's 0 is no delay")
        let bad = try Self.startDelay(["steady"], config: "[presets.steady]\nlists = [\"news\"]\ndelay = 5\n")
        #expect(bad.status == 78 && bad.stderr.contains("'delay'") && bad.delay == nil, "\(bad.stderr)")
    }
}
