import CLinux
import Glibc
import RefocusCore
import SystemPackage

/// Runs a program in a process group of its own and waits for it at most
/// a time limit, on a pidfd (poll, no sleeping loop); at the limit the
/// whole group gets SIGKILL, so what the program started in the background
/// dies with it. Standard input is /dev/null, standard output and error go
/// to one descriptor (or two), no other descriptor is inherited, every
/// signal is at its default action (`SpawnAttributes`). Runs with this
/// process's privileges: the hook runner, as the hook's user; the git sync
/// transport, in a session of its own (no terminal to prompt on).
public enum TimeLimitedProcess {
    /// How the program ended.
    public enum End: Equatable, Sendable {
        /// It exited with this status.
        case exited(Int32)
        /// A signal (not ours) ended it.
        case signalled(Int32)
        /// It ran until the limit, and its process group was killed.
        case killedAtLimit
    }

    /// Runs `name` from the folder open as `directory` (the child changes
    /// into it, then executes `./name`: the file in exactly that folder),
    /// with `arguments` after its path, `environment` (`NAME=VALUE`) and
    /// its output on `output` (its errors too, unless `errors` is given).
    /// With `newSession`, it runs in a session of its own, without a
    /// controlling terminal, so nothing it starts can ask on /dev/tty.
    /// Returns how it ended and how long it ran; throws when it could not
    /// be started or watched.
    public static func run(
        _ name: String, in directory: Int32, arguments: [String] = [], environment: [String],
        output: Int32, errors: Int32? = nil, newSession: Bool = false,
        limit: Duration
    ) throws(SystemError) -> (end: End, elapsed: Duration) {
        let clock = ContinuousClock()
        let start = clock.now
        let pid = try spawn(
            "./" + name, in: directory, arguments: arguments, environment: environment, output: output,
            errors: errors ?? output, newSession: newSession)
        // The pid cannot be reused before it is reaped below, and neither can its
        // process group's id, which is the same number: kill(-pid) reaches only this group.
        let handle: ProcessHandle
        switch ProcessHandle.open(pid: pid) {
        case .success(let opened): handle = opened
        case .failure(let errno):
            _ = kill(-pid, SIGKILL)
            _ = reap(pid)
            throw SystemError("watch", name, errno)
        }
        let deadline = start + limit
        var killed = false
        while !handle.waitForExit(within: max(.zero, deadline - clock.now)) {
            if clock.now >= deadline {
                _ = kill(-pid, SIGKILL)
                killed = true
                break
            }
        }
        let status = reap(pid)
        let elapsed = clock.now - start
        if killed { return (.killedAtLimit, elapsed) }
        let signal = status & 0x7F
        return (signal == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signal), elapsed)
    }

    /// Starts `path` (relative to `directory`) in a new process group (and session).
    private static func spawn(
        _ path: String, in directory: Int32, arguments: [String], environment: [String],
        output: Int32, errors: Int32, newSession: Bool
    ) throws(SystemError) -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, output, 1)
        posix_spawn_file_actions_adddup2(&actions, errors, 2)
        posix_spawn_file_actions_addfchdir_np(&actions, directory)
        posix_spawn_file_actions_addclosefrom_np(&actions, 3)
        let argv = SpawnStrings([path] + arguments), environ = SpawnStrings(environment)
        var pid: pid_t = 0
        // POSIX_SPAWN_SETPGROUP with the attributes' process group 0: a new group, led by the child;
        // POSIX_SPAWN_SETSID: a new session, whose new group the child leads likewise.
        let flags = newSession ? SpawnAttributes.newSession : Int16(POSIX_SPAWN_SETPGROUP)
        let spawned = SpawnAttributes.withDefaults(flags: flags) { attributes in
            posix_spawn(&pid, path, &actions, attributes, &argv.pointers, &environ.pointers)
        }
        guard spawned == 0 else { throw SystemError("run", path, Errno(rawValue: spawned)) }
        return pid
    }

    /// Waits for `pid` and returns its wait status.
    private static func reap(_ pid: pid_t) -> Int32 {
        var status: Int32 = 0
        _ = syscall { waitpid(pid, &status, 0) }
        return status
    }
}
