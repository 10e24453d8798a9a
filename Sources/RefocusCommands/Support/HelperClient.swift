#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Glibc
import RefocusCore
import RefocusOS
import RefocusProtocol

/// Runs `refocus-helper` for the user: directly when already root, else
/// through `sudo -n` (no prompt: works from cron and scripts), falling back
/// to an interactive `sudo` when a person is at a terminal. Sends one
/// request on its stdin and decodes its answer.
///
/// Both run in this process's group (`ForegroundProcess`), so that sudo can
/// ask for the password on the terminal (in a group of its own, as
/// `Foundation.Process` puts it, SIGTTOU stops it at the prompt); sudo reads
/// the password from /dev/tty, never from the request on stdin. Ctrl-C
/// reaches them as it reaches this process.
struct HelperClient {
    /// The installed helper; `REFOCUS_HELPER` overrides it. This process reads
    /// the variable before it calls sudo (which resets the environment), so the
    /// override works through sudo too, as far as the sudoers rule names that path.
    static let installedPath = "/usr/libexec/refocus/refocus-helper"

    let helperPath: String
    let environment: [String: String]

    init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.environment = environment
        helperPath = environment["REFOCUS_HELPER"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? Self.installedPath
    }

    /// How long a run waits, trying again, while the user already has as
    /// many helper runs going as the helper allows one user (`too-many-runs`):
    /// several cron lines of the same minute each get their turn.
    static let waitForTurn: Duration = .seconds(60)

    /// Sends `payload` to its verb and returns the successful answer; a
    /// failed answer is thrown as its `ProtocolFailure`. Refused because
    /// this user's other runs fill their slots, it tries again in this
    /// process (the helper waits for nobody) until `waitForTurn` has passed.
    func send<Payload: HelperPayload>(_ payload: Payload) throws -> HelperResponse {
        let body = try HelperProtocol.encoder().encode(RequestEnvelope(payload))
        let end = ContinuousClock.now + Self.waitForTurn
        var pause = Duration.milliseconds(100)
        while true {
            do {
                return try call(verb: Payload.verb, input: body)
            } catch let failure as ProtocolFailure
                where failure.code == .tooManyRuns && ContinuousClock.now + pause < end
            {
                // Spread out, so that the runs waiting do not all come back at once.
                usleep(UInt32(pause.roundedUpMilliseconds * 1_000) / 4 * UInt32.random(in: 3...5))
                pause = min(pause * 2, .seconds(2))
            }
        }
    }

    /// Runs `verb` with `input` on its standard input.
    private func call(verb name: HelperVerbName, input: Data) throws -> HelperResponse {
        let verb = name.rawValue
        guard FileManager.default.isExecutableFile(atPath: helperPath) else {
            throw HelperClientError.notInstalled(helperPath)
        }
        if geteuid() == 0 { return try run([helperPath, verb], input: input) }
        let sudo = ["/usr/bin/sudo", "/bin/sudo"].first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let sudo else { throw HelperClientError.noSudo }
        do {
            return try run([sudo, "-n", helperPath, verb], input: input)
        } catch let refusal as HelperClientError {
            // Refused without a prompt: a password is needed, or there is no rule at
            // all (sudo -n does not tell them apart). A person at a terminal can answer.
            guard case .sudoRefused = refusal, Console.isInteractive, isatty(STDERR_FILENO) == 1 else { throw refusal }
            return try run([sudo, helperPath, verb], input: input)
        }
    }

    /// Runs the helper (through sudo when `arguments` start with it) and
    /// decodes its answer (`HelperAnswer`): what sudo or the helper could
    /// not do, or an answer this build cannot read, is one `HelperClientError`.
    private func run(_ arguments: [String], input: Data) throws -> HelperResponse {
        let output = try ForegroundProcess.run(arguments, input: input)
        // One line for the error message, however many sudo or the helper wrote.
        let message = String(decoding: output.standardError, as: UTF8.self).split(whereSeparator: \.isNewline)
            .map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }.joined(separator: " ")
        // sudo's own complaints start with its name, and it answers nothing on stdout;
        // anything else came from the helper.
        if arguments[0].hasSuffix("sudo"), output.standardOutput.isEmpty,
            message.hasPrefix("sudo:") || output.standardError.isEmpty
        {
            throw HelperClientError.sudoRefused(
                helper: helperPath, reason: message,
                membership: GroupMembership.of(group: "refocus"))
        }
        let response = try HelperAnswer.read(
            output.standardOutput, helper: helperPath, status: output.status,
            message: message)
        if let failure = response.error { throw failure }
        return response
    }
}
