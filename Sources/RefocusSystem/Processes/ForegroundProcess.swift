import Glibc
import RefocusCore
import SystemPackage

/// Runs a program in the foreground, sharing this process's terminal and
/// environment, and waits for it: what `refocus list edit` needs for `$EDITOR`.
///
/// Runs with the caller's own privileges; the helper never uses this.
public enum ForegroundProcess {
    /// Runs `arguments` (the first is looked up in PATH) and returns its exit
    /// status, or 128 + the signal number when a signal ended it.
    public static func run(_ arguments: [String]) throws(SystemError) -> Int32 {
        guard let program = arguments.first else { return 0 }
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) }
        argv.append(nil)
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, program, nil, nil, argv, environ)
        guard spawned == 0 else { throw SystemError("run", program, Errno(rawValue: spawned)) }
        var status: Int32 = 0
        _ = try syscall { waitpid(pid, &status, 0) }.get("wait for", program)
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }
}
