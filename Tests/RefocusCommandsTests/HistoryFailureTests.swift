import Foundation
import Glibc
import RefocusCore
import RefocusTestSupport
import Testing

/// A history that cannot be read, end to end: no helper, sudo refused, the
/// helper refusing (a damaged store), crashing, answering nothing, garbage
/// or another protocol version. Each is one line on stderr naming the fix,
/// with a documented exit status, and nothing on stdout, in every format.
@Suite struct HistoryFailureTests {
    /// What the helper answers when its store is damaged (`StoreError.damaged` as a protocol failure).
    static let damaged =
        "the session store /var/lib/refocus/sessions.sqlite is damaged (file is not a database); "
        + "move it aside ('mv /var/lib/refocus/sessions.sqlite /var/lib/refocus/sessions.sqlite.damaged') and run "
        + "'refocus-helper clear' as root: that starts an empty store and lifts the blocks of the sessions in the old "
        + "one, which are no longer enforced or shown"

    /// A stand-in's answer and end, the exit status, and what the one line on stderr holds.
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let answer: String
        var exit = "exit 0"
        let status: Int32
        let says: [String]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "a damaged store",
            answer: #"{"version":1,"ok":false,"error":{"code":"bad-request","message":"\#(damaged)"}}"#,
            exit: "exit 65", status: 65, says: [damaged]),
        Case(
            name: "garbage", answer: "<html>502 Bad Gateway</html>", status: 71,
            says: [
                "gave an answer refocus cannot read (not JSON, exit status 0)",
                "--version' prints this refocus's version",
                "reinstall ReFocus ('sudo make install')",
            ]),
        Case(
            name: "a newer protocol", answer: #"{"version":2,"ok":true,"results":[{"uuid":"a1"}]}"#, status: 78,
            says: ["answers in protocol version 2, this refocus speaks version 1", "install one version of both"]),
        Case(
            name: "an older protocol", answer: #"{"version":0,"ok":true,"sessions":[]}"#, status: 78,
            says: ["answers in protocol version 0"]),
        Case(
            name: "a session without an owner",
            answer:
                #"{"version":1,"ok":true,"notes":[],"sessions":[{"id":1,"lists":[],"start":"2020-05-10T09:00:00Z"}]}"#,
            status: 71, says: ["cannot read (no 'sessions[0].owner', exit status 0)", "sudo make install"]),
        Case(
            name: "a bad date",
            answer:
                #"{"version":1,"ok":true,"sessions":[{"id":1,"owner":0,"lists":[],"start":"Monday","plannedEnd":"x","locked":false}]}"#,
            status: 71, says: ["cannot read (sessions[0]", "ISO8601"]),
        Case(name: "an array", answer: "[]", status: 71, says: ["cannot read (the answer: not an object"]),
        Case(
            name: "a broken focus column", answer: #"{"version":1,"ok":true,"sessions":[],"focus":{"ids":"1,x"}}"#,
            status: 71, says: ["cannot read ('focus.ids' is not at most 1000000 numbers separated by commas"]),
        Case(
            name: "ok disagreeing with error",
            answer: #"{"version":1,"ok":true,"error":{"code":"busy","message":"m"}}"#,
            status: 71, says: ["cannot read (ok: 'ok' disagrees with 'error'"]),
        Case(
            name: "an unknown error code",
            answer: #"{"version":1,"ok":false,"error":{"code":"quota","message":"over your quota"}}"#,
            exit: "exit 77", status: 77, says: ["refocus: over your quota\n"]),
        Case(
            name: "a crash", answer: "",
            exit: "echo 'Fatal error: Unexpectedly found nil' >&2; echo '0 backtrace' >&2; kill -ABRT $$",
            status: 71,
            says: [
                "gave no answer (exit status 134: Fatal error: Unexpectedly found nil 0 backtrace)",
                "sudo make install",
            ]),
        Case(name: "no answer", answer: "", exit: "exit 3", status: 71, says: ["gave no answer (exit status 3);"]),
    ]

    @Test(
        .enabled(
            if: getuid() == 0, "needs root: the CLI runs a stand-in helper directly only as root, else through sudo"),
        arguments: cases)
    func anUnreadableHistoryIsOneLineWithTheFix(case failure: Case) throws {
        let refocus = try Binary()
        defer { refocus.cleanUp() }
        let helper = try HistoryCommandTests.standIn(refocus, answering: failure.answer, exit: failure.exit)
        for format in [[], ["--json"], ["--csv"], ["--csv", "--local"]] {
            let run = try refocus.run(["history"] + format, environment: ["REFOCUS_HELPER": helper])
            Self.expectOneLine(run, status: failure.status, says: failure.says, helper: helper)
        }
    }

    @Test func aMissingHelperIsOneLineWithTheFix() throws {
        let refocus = try Binary()
        defer { refocus.cleanUp() }
        for format in [[], ["--json"], ["--csv"]] {
            let run = try refocus.run(
                ["history"] + format, environment: ["REFOCUS_HELPER": "/nonexistent/refocus-helper"])
            Self.expectOneLine(
                run, status: 78,
                says: [
                    "the helper /nonexistent/refocus-helper is not installed",
                    "install ReFocus with 'sudo make install'",
                ], helper: nil)
        }
    }

    @Test(
        .enabled(
            if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")
                && FileManager.default.isExecutableFile(atPath: "/usr/bin/sudo"),
            "needs root, setpriv and sudo to run refocus as the user nobody, whom sudo refuses"))
    func aRefusedSudoIsOneLineWithTheFix() throws {
        let refocus = try Binary()
        defer { refocus.cleanUp() }
        chmod(refocus.home, 0o755)
        let helper = try HistoryCommandTests.standIn(refocus, answering: HistoryCommandTests.answer)
        let run = try refocus.run(
            ["history", "--csv"], environment: ["REFOCUS_HELPER": helper],
            prefix: ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"])
        Self.expectOneLine(
            run, status: 77, says: ["sudo refused to run \(helper) (sudo: ", "join the group refocus"],
            helper: nil)
        #expect(!FileManager.default.fileExists(atPath: helper + ".verb"), "the helper did not run")
    }

    /// One line on stderr, `refocus: ` and what `says`, no decoder's dump; nothing on stdout.
    static func expectOneLine(
        _ run: Binary.Run, status: Int32, says: [String], helper: String?,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(run.status == status, "\(run.status): \(run.stderr)", sourceLocation: sourceLocation)
        #expect(run.stdout.isEmpty, "\(run.stdout)", sourceLocation: sourceLocation)
        #expect(
            run.stderr.hasPrefix("refocus: ") && run.stderr.hasSuffix("\n")
                && run.stderr.dropLast().allSatisfy { !$0.isNewline }, "one line: \(run.stderr)",
            sourceLocation: sourceLocation)
        for text in says {
            #expect(run.stderr.contains(text), "\(text) in \(run.stderr)", sourceLocation: sourceLocation)
        }
        if let helper {
            #expect(run.stderr.contains(helper) || status == 65 || status == 77, sourceLocation: sourceLocation)
        }
        for dump in ["DecodingError", "codingPath", "CodingKeys", "Swift.", "debugDescription"] {
            #expect(!run.stderr.contains(dump), "no decoder's dump: \(run.stderr)", sourceLocation: sourceLocation)
        }
    }
}
