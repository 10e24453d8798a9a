import Foundation
import RefocusCore
import RefocusSystem

/// Runs `refocus-helper` for the user: directly when already root, else
/// through `sudo -n` (no prompt: works from cron and scripts), falling back
/// to an interactive `sudo` when a person is at a terminal. Sends one
/// request on its stdin and decodes its answer.
struct HelperClient {
    /// The installed helper; `REFOCUS_HELPER` overrides it (sudo's policy
    /// still names the installed path, so this only matters for root and tests).
    static let installedPath = "/usr/libexec/refocus/refocus-helper"

    let helperPath: String
    let environment: [String: String]

    init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.environment = environment
        helperPath = environment["REFOCUS_HELPER"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? Self.installedPath
    }

    /// Sends `request` to the helper's verb and returns the successful answer;
    /// a failed answer is thrown as its `ProtocolFailure`.
    func send(_ request: HelperRequest) throws -> HelperResponse {
        let body = try HelperProtocol.encoder().encode(RequestEnvelope(request))
        return try call(verb: request.verb, input: body)
    }

    /// Runs a verb that reads no request (`reconcile`).
    func call(verb: String, input: Data = Data()) throws -> HelperResponse {
        guard FileManager.default.isExecutableFile(atPath: helperPath) else { throw HelperClientError.notInstalled(helperPath) }
        if geteuid() == 0 { return try run([helperPath, verb], input: input) }
        let sudo = ["/usr/bin/sudo", "/bin/sudo"].first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let sudo else { throw HelperClientError.noSudo }
        do {
            return try run([sudo, "-n", helperPath, verb], input: input)
        } catch HelperClientError.sudoRefused(let message) where Console.isInteractive && isatty(STDERR_FILENO) == 1
                    && message.contains("password is required") {
            return try run([sudo, helperPath, verb], input: input)
        }
    }

    private func run(_ arguments: [String], input: Data) throws -> HelperResponse {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: arguments[0])
        process.arguments = Array(arguments.dropFirst())
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        // The helper reads its whole request before it answers; if it exits
        // early (refused), the write fails with EPIPE, which is ignored.
        try? stdin.fileHandleForWriting.write(contentsOf: input)
        try? stdin.fileHandleForWriting.close()
        let errors = PipeReader(stderr.fileHandleForReading)
        let answer = stdout.fileHandleForReading.readDataToEndOfFile()
        let message = String(decoding: errors.wait(), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        process.waitUntilExit()
        guard let response = try? HelperProtocol.decoder().decode(HelperResponse.self, from: answer) else {
            if arguments[0].hasSuffix("sudo") { throw HelperClientError.sudoRefused(message) }
            throw HelperClientError.noAnswer(status: process.terminationStatus, message)
        }
        if let failure = response.error { throw failure }
        return response
    }
}

/// Why the helper could not be asked.
enum HelperClientError: RefocusError, Equatable {
    case notInstalled(String)
    case noSudo
    case sudoRefused(String)
    case noAnswer(status: Int32, String)

    var category: ErrorCategory {
        switch self {
        case .notInstalled, .noSudo: .configuration
        case .sudoRefused: .notPermitted
        case .noAnswer: .system
        }
    }

    var description: String {
        switch self {
        case let .notInstalled(path):
            "the helper \(path) is not installed; install ReFocus with 'sudo make install'"
        case .noSudo:
            "sudo is not installed; install it ('apt-get install sudo') and ReFocus's policy ('sudo make install')"
        case let .sudoRefused(message):
            "sudo refused to run the helper (\(message.isEmpty ? "no reason given" : message)); "
                + "join the group refocus ('sudo usermod -aG refocus $USER') and log in again"
        case let .noAnswer(status, message):
            "the helper gave no answer (exit status \(status))\(message.isEmpty ? "" : ": \(message)")"
        }
    }
}
