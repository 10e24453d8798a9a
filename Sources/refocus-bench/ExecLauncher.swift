import Glibc
import RefocusOS

/// Starts a program as another user, many times, noting in memory shared
/// with each child the CLOCK_MONOTONIC time just before its execve (the
/// start of an exec-to-kill measurement) and, when the execve fails, just
/// after it returned (an exec refused by the exec guard).
///
/// Forks and, in the child, calls only async-signal-safe functions on values
/// prepared before the fork (sigprocmask, setgroups, setgid, setuid,
/// clock_gettime, execve), as a multithreaded parent requires. Needs root.
final class ExecLauncher {
    private let path: UnsafeMutablePointer<CChar>
    private let argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
    private let arguments: Int
    private let stamp: UnsafeMutablePointer<UInt64>
    private let uid: uid_t
    private let gid: gid_t

    /// A launcher of `path` with `arguments` (argv[0] is `path`), as `uid` and `gid` with no supplementary groups.
    init(path: String, arguments: [String], uid: uid_t, gid: gid_t) throws {
        guard let shared = mmap(nil, 4096, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0),
            shared != MAP_FAILED
        else { throw BenchError.referenceFailed("mmap a shared page") }
        stamp = shared.bindMemory(to: UInt64.self, capacity: 2)
        self.path = strdup(path)
        let all = [path] + arguments
        self.arguments = all.count
        argv = .allocate(capacity: all.count + 1)
        for (index, argument) in all.enumerated() { argv[index] = strdup(argument) }
        argv[all.count] = nil
        self.uid = uid
        self.gid = gid
    }

    deinit {
        for index in 0..<arguments { free(argv[index]) }
        argv.deallocate()
        free(path)
        munmap(stamp, 4096)
    }

    /// Starts the program and returns its pid; `lastExecStart` then holds the
    /// time just before its execve once the child has written it (it has,
    /// by the time its exec event arrives).
    func launch() throws -> pid_t {
        stamp.pointee = 0
        stamp[1] = 0
        let child = fork()
        if child == 0 { Self.becomeProgram(path: path, argv: argv, stamp: stamp, uid: uid, gid: gid) }
        guard child > 0 else { throw BenchError.referenceFailed("fork: errno \(errno)") }
        return child
    }

    /// The time the last launched child noted just before its execve; 0 before it did.
    var lastExecStart: UInt64 { stamp.pointee }

    /// The time the last launched child's execve returned, failing; 0 when it did not fail.
    var lastExecFailure: UInt64 { stamp[1] }

    /// In the child: drop to the user, note the time, exec; note the time and
    /// exit 125 if the exec is refused (EPERM), 127 if it fails otherwise.
    private static func becomeProgram(
        path: UnsafeMutablePointer<CChar>,
        argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>,
        stamp: UnsafeMutablePointer<UInt64>, uid: uid_t, gid: gid_t
    ) -> Never {
        var none = sigset_t()
        sigemptyset(&none)
        sigprocmask(SIG_SETMASK, &none, nil)
        guard setgroups(0, nil) == 0, setgid(gid) == 0, setuid(uid) == 0 else { _exit(126) }
        stamp.pointee = monotonicNanoseconds()
        execve(path, argv, environ)
        stamp[1] = monotonicNanoseconds()
        _exit(errno == EPERM ? 125 : 127)
    }
}
