import CLinux
import Glibc
import SystemPackage

/// A pidfd: a handle on one process that keeps meaning that process after
/// it exits, so a signal sent through it can never reach a later process
/// that reuses the pid. Closed in `deinit`.
public final class ProcessHandle {
    /// The process id it was opened for.
    public let pid: Int32
    /// The pidfd (close-on-exec): readable (EPOLLIN) once the process has exited, so epoll can watch it.
    public let fileDescriptor: Int32

    /// Opens a pidfd for `pid` (`pidfd_open`); fails with ESRCH when there is no such process.
    public static func open(pid: Int32) -> Result<ProcessHandle, Errno> {
        syscall { pidfd_open(pid, 0) }.map { ProcessHandle(pid: pid, descriptor: $0) }
    }

    private init(pid: Int32, descriptor: Int32) {
        self.pid = pid
        fileDescriptor = descriptor
    }

    deinit {
        close(fileDescriptor)
    }

    /// Sends `signal` to the process (`pidfd_send_signal`); ESRCH when it has exited.
    /// Needs the right to signal it (root, or the same user).
    public func send(_ signal: Int32) -> Result<Void, Errno> {
        syscall { pidfd_send_signal(fileDescriptor, signal, nil, 0) }.map { _ in () }
    }

    /// Whether the process has exited (its pidfd polls readable), without waiting.
    public var hasExited: Bool { waitForExit(within: .zero) }

    /// Waits up to `deadline` for the process to exit; returns whether it has.
    public func waitForExit(within deadline: Duration) -> Bool {
        var ready = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
        let milliseconds = Int32(clamping: deadline.roundedUpMilliseconds)
        guard case .success(let count) = syscall({ poll(&ready, 1, milliseconds) }) else { return false }
        return count > 0
    }

    /// Whether the process runs the executable file this process runs
    /// (/proc/PID/exe and /proc/self/exe are one device and inode): a pid
    /// read from a file is signalled only when it is still that program.
    public var runsThisExecutable: Bool {
        var theirs = stat()
        var ours = stat()
        guard case .success = syscall({ stat("/proc/\(pid)/exe", &theirs) }),
            case .success = syscall({ stat("/proc/self/exe", &ours) })
        else { return false }
        return theirs.st_dev == ours.st_dev && theirs.st_ino == ours.st_ino
    }
}
