import CLinux
import Glibc
import RefocusCore
import SystemPackage

/// Starts a program that outlives its starter: in a new session (no
/// controlling terminal), with standard input and output on /dev/null, no
/// other descriptor inherited, every signal at its default action and none
/// blocked (`SpawnAttributes`), a fixed PATH and nothing else from the
/// environment; umask, limits and working directory are this process's
/// (the helper's are `ProcessDefaults`). The helper uses it to
/// start the daemon where systemd does not run (containers, tests).
public enum DetachedProcess {
    /// Starts `path` with `arguments`, standard error appended to
    /// `errorLog` (/dev/null when nil); returns its pid without waiting.
    @discardableResult
    public static func start(_ path: String, _ arguments: [String], errorLog: String? = nil) throws(SystemError)
        -> pid_t
    {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, errorLog ?? "/dev/null", O_WRONLY | O_CREAT | O_APPEND, 0o600)
        // Nothing else is inherited: a pipe or socket of our caller held open would keep it waiting forever.
        posix_spawn_file_actions_addclosefrom_np(&actions, 3)
        let argv = SpawnStrings([path] + arguments), environment = SpawnStrings(["PATH=/usr/sbin:/usr/bin:/sbin:/bin"])
        var pid: pid_t = 0
        let spawned = SpawnAttributes.withDefaults(flags: SpawnAttributes.newSession) { attributes in
            posix_spawn(&pid, path, &actions, attributes, &argv.pointers, &environment.pointers)
        }
        guard spawned == 0 else { throw SystemError("start", path, Errno(rawValue: spawned)) }
        return pid
    }
}
