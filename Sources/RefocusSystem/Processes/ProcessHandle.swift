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
    public var hasExited: Bool {
        var ready = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
        guard case .success(let count) = syscall({ poll(&ready, 1, 0) }) else { return false }
        return count > 0
    }
}
