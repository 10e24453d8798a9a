#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Glibc
import RefocusCore
import SystemPackage
import RefocusOS
import RefocusProtocol

/// Runs one of a user's hooks, as that user: what `refocus-helper run-hook`
/// does once the daemon has started it with the user's uid, gid and groups
/// and no privilege left. Never runs as root (the verb refuses first).
///
/// The hook is found under the home of the password database's entry
/// (`HookPaths`), checked (`CheckedHook`), and run from its folder in a
/// process group of its own with a clean environment (`HookEnvironment`),
/// standard input from /dev/null and its output appended to the user's
/// hook log (`HookLog`), for at most `timeLimit` (`TimeLimitedProcess`).
/// The log gets a line before the run and one after, or one saying why
/// the hook was refused. A missing hook is no error and leaves no trace.
public struct HookRunner {
    /// How long a hook may run before its process group is killed.
    public static let timeLimit: Duration = .seconds(30)

    /// The user, from the password database.
    public let account: UserAccount
    /// How long the hook may run.
    public let timeLimit: Duration

    /// A runner for `account`'s hooks.
    public init(account: UserAccount, timeLimit: Duration = HookRunner.timeLimit) {
        self.account = account
        self.timeLimit = timeLimit
    }

    /// Runs `event`'s hook with the `REFOCUS_*` variables of `passed` (the
    /// runner's own environment); returns how it went. Problems of the
    /// runner itself (a log that cannot be written, a spawn that fails) go
    /// to standard error as well as to the log where it can be written.
    public func run(_ event: HookEvent, passed: [String: String]) -> HookOutcome {
        let paths = HookPaths(home: account.home)
        let inspection = CheckedHook.inspect(event, in: paths, uid: account.uid)
        if case .missing = inspection { return .none }
        let log: HookLog?
        do {
            log = try HookLog.open(paths)
        } catch {
            StandardError.write("refocus-helper run-hook: \(error); the \(event.rawValue) hook's output is lost\n")
            log = nil
        }
        let note: (String) -> Void = { log?.write($0, event: event, at: Date()) }
        switch inspection {
        case .missing:
            return .none
        case .refused(let reason):
            note("refused: \(reason)")
            return .refused
        case .ready(let hook):
            let environment = self.environment(for: event, passed: passed)
            for variable in environment.rejected {
                note("ignored \(variable.rawValue): not a value the daemon writes")
            }
            note("running \(hook.path)")
            return run(hook, environment: environment.entries, output: log?.descriptor, note: note)
        }
    }

    /// Runs a checked hook and logs how it ended.
    private func run(
        _ hook: CheckedHook, environment: [String], output: Int32?,
        note: (String) -> Void
    ) -> HookOutcome {
        let discard = output == nil ? open("/dev/null", O_WRONLY | O_CLOEXEC) : -1
        defer { if discard >= 0 { close(discard) } }
        do {
            let (end, elapsed) = try TimeLimitedProcess.run(
                hook.name, in: hook.folder, environment: environment,
                output: output ?? discard, limit: timeLimit)
            switch end {
            case .exited(let status):
                note("exit \(status) after \(elapsed.secondsText)")
                return HookOutcome(hookExit: status)
            case .signalled(let signal):
                note("killed by signal \(signal) after \(elapsed.secondsText)")
                return .failed(.signal(signal))
            case .killedAtLimit:
                note("killed after \(timeLimit.secondsText)")
                return .timedOut
            }
        } catch {
            let hint = error.errno == .execFormatError ? " (a script needs a first line such as #!/bin/sh)" : ""
            note("cannot run \(hook.path): \(error.errno)\(hint)")
            // What a shell answers for a command it found but could not execute.
            return .failed(.exit(126))
        }
    }

    /// The hook's whole environment.
    func environment(for event: HookEvent, passed: [String: String]) -> HookEnvironment {
        let runtime = HookEnvironment.runtimeDirectory(uid: account.uid)
        return HookEnvironment(
            event: event, name: account.name, uid: account.uid, home: account.home,
            shell: account.shell, runtimeDirectory: isOwned(runtime, type: S_IFDIR),
            sessionBus: isOwned(runtime + "/bus", type: S_IFSOCK), passed: passed)
    }

    /// Whether `path` is a `type` (S_IFDIR, S_IFSOCK) of this user.
    private func isOwned(_ path: String, type: mode_t) -> Bool {
        var status = stat()
        guard case .success = syscall({ stat(path, &status) }) else { return false }
        return status.st_mode & S_IFMT == type && status.st_uid == account.uid
    }
}
