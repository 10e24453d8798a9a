import Foundation
import RefocusCore
import Testing
import RefocusProtocol

/// The one status that crosses from the hook runner to the daemon: every
/// runner exit code decodes to one outcome and back, every outcome the
/// runner reports has a code, and a hook's own exit status is never read
/// as the runner's.
struct HookOutcomeTests {
    /// Every outcome the runner reports, and what the daemon can see beside them.
    static let outcomes: [HookOutcome] =
        [.ran, .none, .timedOut, .refused, .failed(.exitAbove127)]
        + (1...127).map { .failed(.exit($0)) } + (1...64).map { .failed(.signal($0)) }
        + [64, 71, 78, 209, 255].map { .runnerFailed(.exit($0)) }

    @Test func everyOutcomeRoundTripsThroughTheRunnersExitCode() throws {
        var codes = Set<Int32>()
        for outcome in Self.outcomes {
            let code = try #require(outcome.runnerExitCode, "\(outcome) has a code")
            #expect((0...255).contains(code))
            #expect(HookOutcome(runnerExitCode: code) == outcome, "\(outcome) → \(code)")
            #expect(HookOutcome(exitStatus: code << 8) == outcome, "as waitpid returns it")
            codes.insert(code)
        }
        #expect(codes.count == Self.outcomes.count, "no two outcomes share a code")
    }

    @Test func everyExitCodeDecodesToOneOutcomeAndBack() {
        for code in Int32(0)...255 {
            let outcome = HookOutcome(runnerExitCode: code)
            #expect(outcome.runnerExitCode == code, "\(code) → \(outcome)")
        }
    }

    @Test(arguments: [
        (Int32(0), HookOutcome.ran), (1, .failed(.exit(1))), (3, .failed(.exit(3))), (63, .failed(.exit(63))),
        (64, .runnerFailed(.exit(64))), (66, .none), (71, .runnerFailed(.exit(71))), (75, .timedOut),
        (77, .refused), (78, .runnerFailed(.exit(78))), (79, .failed(.exit(79))), (127, .failed(.exit(127))),
        (128, .runnerFailed(.exit(128))), (137, .failed(.signal(9))), (143, .failed(.signal(15))),
        (193, .failed(.exit(64))), (206, .failed(.exit(77))), (207, .failed(.exit(78))),
        (208, .failed(.exitAbove127)), (209, .runnerFailed(.exit(209))),
    ])
    func theTableIsStable(code: Int32, outcome: HookOutcome) {
        #expect(HookOutcome(runnerExitCode: code) == outcome)
    }

    @Test func aHooksExitStatusIsNeverTheRunnersOwn() {
        for status in Int32(1)...255 {
            let outcome = HookOutcome(hookExit: status)
            guard case .failed = outcome else {
                Issue.record("exit \(status) → \(outcome)")
                continue
            }
            #expect(outcome == (status > 127 ? .failed(.exitAbove127) : .failed(.exit(status))))
            #expect(outcome.runnerExitCode.map(HookOutcome.init(runnerExitCode:)) == outcome)
        }
        #expect(HookOutcome(hookExit: 0) == .ran)
    }

    @Test func aRunnerKilledByASignalIsTheRunnersFailure() {
        #expect(HookOutcome(exitStatus: 9) == .runnerFailed(.signal(9)), "SIGKILL, as the backstop sends it")
        #expect(HookOutcome(exitStatus: 15 | 0x80) == .runnerFailed(.signal(15)), "with a core dump flag")
        #expect(HookOutcome.runnerFailed(.signal(9)).runnerExitCode == nil)
        #expect(HookOutcome(exitStatus: 3 << 8) == .failed(.exit(3)))
    }

    @Test func onlyFailuresAreProblems() {
        #expect(!HookOutcome.ran.isProblem && !HookOutcome.none.isProblem)
        for outcome in [HookOutcome.timedOut, .refused, .failed(.exit(1)), .runnerFailed(.signal(9))] {
            #expect(outcome.isProblem, "\(outcome)")
        }
    }

    @Test(arguments: [
        (
            HookOutcome.failed(.exit(3)), #"{"exitCode":3,"result":"failed"}"#,
            "the start hook of session 12 exited with 3"
        ),
        (
            .failed(.signal(9)), #"{"result":"failed","signal":9}"#,
            "the start hook of session 12 was killed by signal 9"
        ),
        (
            .failed(.exitAbove127), #"{"exitAbove127":true,"result":"failed"}"#,
            "the start hook of session 12 exited with a status above 127"
        ),
        (.timedOut, #"{"result":"timed-out"}"#, "the start hook of session 12 timed out and was killed"),
        (
            .refused, #"{"result":"refused"}"#,
            "the start hook of session 12 was refused (see ~/.local/state/refocus/hooks.log)"
        ),
        (.none, #"{"result":"none"}"#, "the start hook of session 12 does not exist"),
        (.ran, #"{"result":"ran"}"#, "the start hook of session 12 ran"),
        (
            .runnerFailed(.exit(71)), #"{"exitCode":71,"result":"runner-failed"}"#,
            "the start hook of session 12 did not run: the hook runner exited with 71"
        ),
    ])
    func aReportCodesAsJSONAndReadsAsASentence(outcome: HookOutcome, json: String, sentence: String) throws {
        let report = HookReport(
            event: .start, sessionID: 12, outcome: outcome,
            at: Date(timeIntervalSince1970: 1_800_000_000))
        let data = try HelperProtocol.encoder().encode(report)
        #expect(
            String(decoding: data, as: UTF8.self)
                == #"{"at":"2027-01-15T08:00:00Z","event":"start","outcome":"# + json + #","sessionID":12}"#)
        #expect(try HelperProtocol.decoder().decode(HookReport.self, from: data) == report)
        #expect(report.sentence == sentence)
    }

    @Test func aReportWithAFailureOfNoKindDoesNotDecode() {
        let json = #"{"at":"2027-01-15T08:00:00Z","event":"start","outcome":{"result":"failed"},"sessionID":12}"#
        #expect(throws: DecodingError.self) {
            try HelperProtocol.decoder().decode(HookReport.self, from: Data(json.utf8))
        }
    }
}
