import Glibc
import RefocusCore
import RefocusOS
import RefocusProtocol

/// Starts a session owner's hook from the root daemon: the hook runner
/// (`refocus-helper run-hook EVENT`, this very executable) as the owner,
/// through `OwnerProcess` (setpriv: the owner's uid, gid and groups from
/// the password database, no capabilities, no_new_privs, a reset
/// environment), with the event's `REFOCUS_*` variables
/// (`HookContext.environment(for:)`) and nothing else in its environment.
///
/// Root never looks under the owner's home, not even to see whether a hook
/// exists: the runner does that as the owner, and exits with
/// `HookOutcome.none` when there is none. The daemon reaps the runner on
/// SIGCHLD and decodes its status with `HookOutcome(exitStatus:)`
/// (`HookRuns` keeps the books).
public enum HookLauncher {
    /// Starts the runner of `event`'s hook for `owner` and returns its pid;
    /// nil when nothing was started: `owner` is root (root has no hooks) or
    /// unknown to the password database, setpriv is missing, the runner's
    /// executable cannot be found, or the spawn failed. `runner` is the
    /// helper executable to run: this process's own by default
    /// (`RunningProgram`, /proc/self/exe, which an upgrade may have replaced
    /// by the new helper); `timeLimitSeconds` shortens the 30 s limit, for
    /// tests (a debug helper alone takes it: `HookRunnerCommand.timeLimitOption`).
    public static func launch(
        event: HookEvent, owner: UInt32, context: HookContext, runner: String? = nil,
        timeLimitSeconds: Int? = nil
    ) -> pid_t? {
        // env(1) would read a path holding '=' as one more variable.
        guard let runner = runner ?? (try? RunningProgram.path()), !runner.contains("=") else { return nil }
        let variables = context.environment(for: event).map { "\($0.name)=\($0.value)" }
        return OwnerProcess.start(
            as: owner, environment: { _ in variables }, program: runner,
            arguments: HookRunnerCommand.arguments(event, timeLimitSeconds: timeLimitSeconds))
    }
}
