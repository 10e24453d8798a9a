import Glibc
import RefocusCore
import SystemPackage

/// The process state a root program starts from whoever ran it: sudo
/// passes on the caller's umask, resource limits, scheduling (policy, nice,
/// CPU affinity, I/O priority, OOM score), working directory, ignored
/// signals and signal mask, and a daemon started from there would keep them. `reset` replaces them with fixed defaults, so that a caller's
/// `umask 077` cannot make /run/refocus unreadable for the group, a
/// `ulimit -f 1` cannot cut a write of /etc/hosts short, and an ignored
/// SIGTERM cannot outlive the caller.
///
/// The limits are the kernel's own defaults for the first process (see
/// `limits`); those that only let a process do more (processes, pending
/// signals, locked memory, message queues, nice and real-time priority)
/// are raised to the default but never lowered, as an administrator may
/// have raised them. Raising a hard limit needs CAP_SYS_RESOURCE (root
/// has it, except in some containers); without it, each soft limit is set
/// as far as the hard one allows, and `shortfalls` names those left below
/// their default, so that such a run neither starts the daemon nor writes
/// files a limit would cut short.
public enum ProcessDefaults {
    /// The mode mask every file ReFocus creates is made with.
    public static let umask: mode_t = 0o022

    /// One resource limit: its values, and whether a larger current value is kept.
    struct Limit {
        let name: String
        let resource: Int32
        let soft: rlim_t
        let hard: rlim_t
        /// Keep a current value above `soft` or `hard` (it only allows more).
        let atLeast: Bool
    }

    private static let unlimited = rlim_t.max
    private static let mebibyte: rlim_t = 1 << 20

    /// The table, after the kernel's `INIT_RLIMITS` and `fork_init`: NPROC and
    /// SIGPENDING are half of `kernel.threads-max`; NOFILE's hard limit is
    /// systemd's 524288 (at most `fs.nr_open`), its soft limit 1024 for `select`.
    static func limits(threadsMax: rlim_t?, openMax: rlim_t?) -> [Limit] {
        var table = [
            Limit(name: "CPU", resource: 0, soft: unlimited, hard: unlimited, atLeast: false),
            Limit(name: "FSIZE", resource: 1, soft: unlimited, hard: unlimited, atLeast: false),
            Limit(name: "DATA", resource: 2, soft: unlimited, hard: unlimited, atLeast: false),
            Limit(name: "STACK", resource: 3, soft: 8 * mebibyte, hard: unlimited, atLeast: false),
            Limit(name: "CORE", resource: 4, soft: 0, hard: unlimited, atLeast: false),
            Limit(name: "RSS", resource: 5, soft: unlimited, hard: unlimited, atLeast: false),
            Limit(name: "NOFILE", resource: 7, soft: 1024, hard: min(524_288, openMax ?? 524_288), atLeast: false),
            Limit(name: "MEMLOCK", resource: 8, soft: 8 * mebibyte, hard: 8 * mebibyte, atLeast: true),
            Limit(name: "AS", resource: 9, soft: unlimited, hard: unlimited, atLeast: false),
            Limit(name: "LOCKS", resource: 10, soft: unlimited, hard: unlimited, atLeast: false),
            Limit(name: "MSGQUEUE", resource: 12, soft: 819_200, hard: 819_200, atLeast: true),
            Limit(name: "NICE", resource: 13, soft: 0, hard: 0, atLeast: true),
            Limit(name: "RTPRIO", resource: 14, soft: 0, hard: 0, atLeast: true),
            Limit(name: "RTTIME", resource: 15, soft: unlimited, hard: unlimited, atLeast: false),
        ]
        if let threadsMax {
            table.append(Limit(name: "NPROC", resource: 6, soft: threadsMax / 2, hard: threadsMax / 2, atLeast: true))
            table.append(
                Limit(name: "SIGPENDING", resource: 11, soft: threadsMax / 2, hard: threadsMax / 2, atLeast: true))
        }
        return table
    }

    /// Sets the umask to 022, the resource limits to `limits`, the
    /// scheduling to the defaults (`resetScheduling`: policy, nice, CPUs, I/O
    /// priority, OOM score), the working
    /// directory to /, every ignored signal back to its default action and
    /// the signal mask to empty; then ignores `ignoring` (the helper: SIGPIPE,
    /// so that a closed pipe is an error to handle, not death; and SIGXFSZ). Signals with a
    /// handler are left alone: only ignored ones survive exec, and handlers
    /// are this program's own (the Swift runtime's crash reporter). Call
    /// first thing in `main`, before other threads start. Never fails:
    /// what cannot be reset stays as it was.
    public static func reset(ignoring: [Int32] = []) {
        _ = Glibc.umask(umask)
        let table = limits(threadsMax: sysctl("/proc/sys/kernel/threads-max"), openMax: sysctl("/proc/sys/fs/nr_open"))
        for limit in table { apply(limit) }
        resetScheduling()
        _ = syscall { chdir("/") }
        for signal in 1..<Int32(_NSIG) where signal != SIGKILL && signal != SIGSTOP {
            var action = sigaction()
            guard case .success = syscall({ sigaction(signal, nil, &action) }),
                unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self) == 1
            else { continue }
            action.__sigaction_handler.sa_handler = SIG_DFL
            _ = syscall { sigaction(signal, &action, nil) }
        }
        var none = sigset_t()
        sigemptyset(&none)
        _ = syscall { sigprocmask(SIG_SETMASK, &none, nil) }
        for signal in ignoring { _ = Glibc.signal(signal, SIG_IGN) }
    }

    private static func apply(_ limit: Limit) {
        let resource = __rlimit_resource_t(limit.resource)
        var current = rlimit()
        guard case .success = syscall({ getrlimit(resource, &current) }) else { return }
        var wanted = rlimit(rlim_cur: limit.soft, rlim_max: limit.hard)
        if limit.atLeast {
            wanted.rlim_cur = max(wanted.rlim_cur, current.rlim_cur)
            wanted.rlim_max = max(wanted.rlim_max, current.rlim_max)
        } else {
            // An administrator's higher hard limit stays: it never hurts.
            wanted.rlim_max = max(wanted.rlim_max, current.rlim_max)
        }
        wanted.rlim_cur = min(wanted.rlim_cur, wanted.rlim_max)
        if case .success = syscall({ setrlimit(resource, &wanted) }) { return }
        // Not allowed to raise the hard limit: as far as the current one goes.
        var within = rlimit(rlim_cur: min(wanted.rlim_cur, current.rlim_max), rlim_max: current.rlim_max)
        _ = syscall { setrlimit(resource, &within) }
    }

    /// A number from a /proc/sys file; nil when it cannot be read.
    private static func sysctl(_ path: String) -> rlim_t? {
        guard let bytes = try? FileReader.readIfPresent(path, limit: 64) else { return nil }
        return rlim_t(String(decoding: bytes.filter { $0 != UInt8(ascii: "\n") }, as: UTF8.self))
    }
}
