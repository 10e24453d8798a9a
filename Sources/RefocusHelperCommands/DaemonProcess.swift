import Foundation
import RefocusEnforcement
import RefocusOS

/// The running daemon as a process, for `clear`: to wait for its exit, or
/// to kill it when it does not answer. Its pid is the one it wrote into its
/// lock file, and it is reached only through a pidfd, after checking that
/// the pid is alive, runs this very executable, and that the lock is still held.
enum DaemonProcess {
    /// Sends SIGKILL to the daemon whose pid the lock file at `lockPath`
    /// holds and waits up to `deadline` for it to die (which releases the
    /// lock; the table stays, PERSIST). Returns a note saying what was done
    /// and `reason` (why it had to be).
    static func kill(lockPath: String, because reason: String, deadline: Duration) -> String {
        guard let pid = recordedPid(lockPath) else { return "\(reason), and \(lockPath) names no process to stop" }
        guard let handle = running(lockPath: lockPath)
        else { return "\(reason), and pid \(pid) from \(lockPath) is not a running enforcer daemon" }
        guard case .success = handle.send(SIGKILL) else { return "\(reason), and pid \(pid) could not be killed" }
        let died = handle.waitForExit(within: deadline)
        return "\(reason); it was killed (pid \(pid))"
            + (died ? "" : " but had not died after \(HelperDeadlines.seconds(deadline))")
    }

    /// A handle on the daemon whose pid the lock file at `lockPath` holds,
    /// when that process is alive, runs this very executable and the lock
    /// is still held; nil otherwise.
    static func running(lockPath: String) -> ProcessHandle? {
        guard let pid = recordedPid(lockPath),
            case .success(let handle) = ProcessHandle.open(pid: pid), handle.runsThisExecutable, !handle.hasExited,
            (try? ExclusiveLock.attempt(path: lockPath, directoryMode: DaemonLink.directoryMode)) == nil
        else { return nil }
        return handle
    }

    /// A handle on the process whose pid the lock file at `lockPath` holds,
    /// while the lock is held, whatever executable it runs now (a daemon
    /// started before an upgrade runs a file since replaced): only to wait
    /// for its exit, never to signal it.
    static func lockHolder(lockPath: String) -> ProcessHandle? {
        guard let pid = recordedPid(lockPath),
            case .success(let handle) = ProcessHandle.open(pid: pid), !handle.hasExited,
            (try? ExclusiveLock.attempt(path: lockPath, directoryMode: DaemonLink.directoryMode)) == nil
        else { return nil }
        return handle
    }

    /// The pid the lock file names, when it names one other than init's and this process's.
    private static func recordedPid(_ lockPath: String) -> Int32? {
        guard let text = ExclusiveLock.recorded(at: lockPath),
            let pid = Int32(text.filter { !$0.isWhitespace }), pid > 1, pid != getpid()
        else { return nil }
        return pid
    }
}
