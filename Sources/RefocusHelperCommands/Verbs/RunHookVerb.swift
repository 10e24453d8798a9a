import ArgumentParser
import Foundation
import Glibc
import RefocusCore
import RefocusOS
import RefocusHooks
import RefocusProtocol

/// `refocus-helper run-hook EVENT`: runs one of the user's hooks as that
/// user (`HookRunner`). The daemon starts it through setpriv with the
/// session owner's uid, gid and groups and nothing else (`HookLauncher`);
/// it refuses to run as root, so the group's sudo rule for the helper
/// gives nobody anything through it. Reads no request; its exit code is a
/// `HookOutcome` (`HookOutcome.runnerExitCode`).
struct RunHookVerb: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: HookRunnerCommand.verb,
        abstract: "Run one of the session owner's hooks as that owner; the enforcer daemon starts it.",
        discussion: """
            Not for people (it is left out of --help): the daemon starts it with the owner's uid, \
            gid and groups, no capabilities and no_new_privs, and an environment holding only the \
            REFOCUS_ variables. It refuses to run as root, through sudo too. The hook ~/.config/refocus/hooks/EVENT (home from \
            the password database) runs when it and its folder belong to the user or root and \
            are writable by nobody else, for at most 30 s, its output appended to \
            ~/.local/state/refocus/hooks.log. The exit code tells the daemon how it went: 0 ran, \
            66 no hook, 75 timed out, 77 refused, others a failure.
            """,
        shouldDisplay: false)

    @Argument(
        help: ArgumentHelp(
            "The event whose hook runs: \(HookEvent.names.joined(separator: ", ")).",
            valueName: "event"),
        completion: .list(HookEvent.names),
        transform: { text in
            guard let event = HookEvent(rawValue: text) else {
                throw ValidationError("no hook event '\(text)'; name one of \(HookEvent.names.joined(separator: ", "))")
            }
            return event
        })
    var event: HookEvent

    #if REFOCUS_TEST_HOOKS
    // The tests' hook, in debug builds only (`REFOCUS_TEST_HOOKS`, Package.swift).
    @Option(
        name: .customLong(String(HookRunnerCommand.timeLimitOption.dropFirst(2))),
        help: ArgumentHelp(
            "For tests: seconds (1 to 30) before the hook's process group is killed.",
            visibility: .hidden))
    var timeLimit = Int(HookRunner.timeLimit.components.seconds)

    func validate() throws {
        guard (1...Int(HookRunner.timeLimit.components.seconds)).contains(timeLimit) else {
            throw ValidationError("--time-limit takes 1 to \(HookRunner.timeLimit.components.seconds) seconds")
        }
    }
    #else
    /// Seconds before the hook's process group is killed: always the runner's limit in a release build.
    var timeLimit: Int { Int(HookRunner.timeLimit.components.seconds) }
    #endif

    func run() throws {
        guard getuid() != 0, geteuid() != 0 else { throw RunHookError.root }
        guard let account = UserAccount.lookup(uid: getuid()) else { throw RunHookError.noAccount(getuid()) }
        let runner = HookRunner(account: account, timeLimit: .seconds(timeLimit))
        let outcome = runner.run(event, passed: ProcessInfo.processInfo.environment)
        throw ExitCode(outcome.runnerExitCode ?? ExitStatus.systemError.rawValue)
    }
}

/// Why the hook runner did not look for a hook.
enum RunHookError: RefocusError, Equatable {
    /// Run as root (by hand, or through the group's sudo rule).
    case root
    /// The real uid has no entry in the password database.
    case noAccount(UInt32)

    var category: ErrorCategory {
        switch self {
        case .root: .notPermitted
        case .noAccount: .configuration
        }
    }

    var description: String {
        switch self {
        case .root:
            "run-hook runs only as the session's owner, started by the enforcer daemon with the owner's "
                + "privileges; it never runs as root, through sudo or otherwise"
        case .noAccount(let uid):
            "uid \(uid) has no entry with an absolute home folder in the password database; no hook can be found"
        }
    }
}
