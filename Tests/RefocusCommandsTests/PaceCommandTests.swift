import Foundation
import Glibc
import RefocusCore
import RefocusTestSupport
import Testing

@testable import RefocusCommands
@testable import RefocusProtocol

/// `refocus next`, `pause` and `resume` as a user runs them: the help, and,
/// as root (who runs the helper without sudo), the request each sends to a
/// stand-in helper, what each prints, `--quiet`, `--json`, and the helper's
/// refusals with their exit statuses.
@Suite struct PaceCommandTests {
    @Test(arguments: ["next", "pause", "resume"])
    func helpShowsExamplesAndTheExitStatus(command: String) throws {
        let refocus = try Binary()
        defer { refocus.cleanUp() }
        let help = try refocus(command, "--help")
        #expect(help.status == 0)
        for text in [
            "refocus \(command) 3", "Exit status: 0 success", "66 not found", "77 not permitted", "--json", "--quiet",
        ] {
            #expect(help.stdout.contains(text), "\(text) in \(help.stdout)")
        }
        #expect(ManPageTests.lists(try refocus("--help").stdout, subcommand: command))
    }

    /// What each says of the session it changed, at a fixed `now` (see `PomodoroFormatTests`).
    @Test func eachSaysWhatChanged() {
        typealias At = PomodoroFormatTests
        let skipped = At.pomodoro(elapsed: 25 * 60 + 1)
        #expect(
            PaceOptions.line(.next, skipped, now: At.now)
                == "Session 3: break 1/4, 4m59s left; the session ends at \(At.clock(105 * 60 - 1))")
        let paused = At.pomodoro(elapsed: 17 * 60, pausedFor: 0)
        #expect(
            PaceOptions.line(.pause, paused, now: At.now)
                == "Session 3 paused with 1h53m left, in work 1/4 with 8m left")
        let resumed = At.pomodoro(elapsed: 17 * 60)
        #expect(
            PaceOptions.line(.resume, resumed, now: At.now)
                == "Session 3 resumed: work 1/4 until \(At.clock(8 * 60)), ends at \(At.clock(113 * 60))")
        #expect(
            PaceOptions.line(.resume, At.plain(9, left: 1800), now: At.now)
                == "Session 9 resumed: ends at \(At.clock(1800))")
        #expect(
            PaceOptions.line(.next, At.pomodoro(elapsed: 7800), now: At.now)
                == "Session 3: its last phase was skipped; it ends now")
    }

    /// The request the stand-in at `helper` was sent.
    static func request(_ helper: String) throws -> PaceRequest {
        let data = try Data(contentsOf: URL(fileURLWithPath: helper + ".request"))
        #expect(try String(contentsOfFile: helper + ".verb", encoding: .utf8) == "pace\n")
        return try HelperProtocol.decoder().decode(RequestEnvelope<PaceRequest>.self, from: data).payload
    }

    /// One session in the helper's answer, times as the helper writes them.
    static func answer(_ session: String) -> String {
        #"{"version":1,"ok":true,"notes":[],"sessions":["# + session + "]}"
    }

    static func iso(_ date: Date) -> String {
        date.formatted(.iso8601)
    }

    @Test(
        .enabled(
            if: getuid() == 0, "needs root: the CLI runs a stand-in helper directly only as root, else through sudo"))
    func pauseSendsItsRequestAndSaysWhatIsFrozen() throws {
        let refocus = try Binary()
        defer { refocus.cleanUp() }
        // Paused 43 minutes into its plan: in its second work phase with 12 of its 25 minutes left, 1h27m in all.
        let helper = try HistoryCommandTests.standIn(
            refocus,
            answering: Self.answer(
                #"""
                {"id":3,"owner":0,"lists":["social"],"start":"2020-05-10T09:00:00Z","plannedEnd":"2020-05-10T11:10:00Z",
                 "locked":false,"pomodoro":{"work":1500,"shortBreak":300,"cycles":4,"longBreak":900},
                 "phase":{"kind":"work","cycle":2,"cycles":4,"endsAt":"2020-05-10T09:55:00Z"},
                 "pause":{"pausedAt":"2020-05-10T09:43:00Z","seconds":0,"count":1},"completedWork":1}
                """#))
        let environment = ["REFOCUS_HELPER": helper]
        let run = try refocus.run(["pause", "3"], environment: environment)
        #expect(
            run.status == 0 && run.stdout == "Session 3 paused with 1h27m left, in work 2/4 with 12m left\n",
            "\(run.stdout) \(run.stderr)")
        #expect(try Self.request(helper) == PaceRequest(change: .pause, sessionID: 3))

        let quiet = try refocus.run(["-q", "pause"], environment: environment)
        #expect(quiet.status == 0 && quiet.stdout.isEmpty && quiet.stderr.isEmpty, "\(quiet.stdout) \(quiet.stderr)")
        #expect(try Self.request(helper) == PaceRequest(change: .pause, sessionID: nil), "without an id: every session")

        let json = try refocus.run(["pause", "--json", "-q"], environment: environment)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let session = try #require((object["sessions"] as? [[String: Any]])?.first)
        #expect(
            (session["pause"] as? [String: Any])?["pausedAt"] as? String == "2020-05-10T09:43:00Z", "\(json.stdout)")
        #expect((session["phase"] as? [String: Any])?["cycle"] as? Int == 2)
    }

    @Test(
        .enabled(
            if: getuid() == 0, "needs root: the CLI runs a stand-in helper directly only as root, else through sudo"))
    func nextAndResumeSayWhereTheSessionIsNow() throws {
        let refocus = try Binary()
        defer { refocus.cleanUp() }
        // Skipped into the break after work phase 2, 30 seconds ago: 4m30s of it left, 1h14m30s of the session.
        let now = Date()
        let start = now.addingTimeInterval(-55 * 60 - 30)
        let helper = try HistoryCommandTests.standIn(
            refocus,
            answering: Self.answer(
                """
                {"id":3,"owner":0,"lists":["social"],"start":"\(Self.iso(start))",\
                "plannedEnd":"\(Self.iso(start.addingTimeInterval(7800)))","locked":true,\
                "pomodoro":{"work":1500,"shortBreak":300,"cycles":4,"longBreak":900}}
                """))
        let next = try refocus.run(["next"], environment: ["REFOCUS_HELPER": helper])
        #expect(next.status == 0, "\(next.stderr)")
        #expect(
            next.stdout.hasPrefix("Session 3: break 2/4, 4m") && next.stdout.contains(" left; the session ends at "),
            "\(next.stdout)")
        #expect(try Self.request(helper) == PaceRequest(change: .next, sessionID: nil))

        let resume = try refocus.run(["resume", "3"], environment: ["REFOCUS_HELPER": helper])
        #expect(
            resume.status == 0 && resume.stdout.hasPrefix("Session 3 resumed: break 2/4 until "), "\(resume.stdout)")
        #expect(try Self.request(helper) == PaceRequest(change: .resume, sessionID: 3))
    }

    @Test(
        .enabled(
            if: getuid() == 0, "needs root: the CLI runs a stand-in helper directly only as root, else through sudo"),
        arguments: [
            (
                "session-locked", "session 3 is locked: its work phase 2 cannot be skipped (12m left); its breaks can",
                Int32(77)
            ),
            ("not-found", "you have no paused session", 66),
        ])
    func theHelpersRefusalIsReportedWithItsStatus(code: String, message: String, status: Int32) throws {
        let refocus = try Binary()
        defer { refocus.cleanUp() }
        let helper = try HistoryCommandTests.standIn(refocus, refusing: code, message: message)
        for command in ["next", "pause", "resume"] {
            let run = try refocus.run(["-q", command], environment: ["REFOCUS_HELPER": helper])
            #expect(
                run.status == status && run.stdout.isEmpty && run.stderr == "refocus: \(message)\n",
                "\(command): \(run.status) \(run.stderr)")
        }
    }
}
