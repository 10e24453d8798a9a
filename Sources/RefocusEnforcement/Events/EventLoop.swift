import CLinux
import Glibc
import RefocusOS

/// One epoll instance: the daemon's only place of waiting. Sources register
/// a file descriptor; `wait` sleeps until one or more are readable and
/// returns them. Nothing polls: with no ready source, the process sleeps.
/// Use from one thread.
public final class EventLoop {
    private let epoll: Int32

    /// Creates the epoll instance.
    public init() throws(SystemError) {
        epoll = try syscall { epoll_create1(Int32(EPOLL_CLOEXEC)) }.get("create", "an epoll instance")
    }

    deinit { close(epoll) }

    /// Wakes `wait` when `fd` is readable.
    public func watch(_ fd: Int32) throws(SystemError) {
        var event = epoll_event()
        event.events = EPOLLIN.rawValue
        event.data.fd = fd
        try syscall { epoll_ctl(epoll, EPOLL_CTL_ADD, fd, &event) }.get("watch", "descriptor \(fd)")
    }

    /// Stops watching `fd` (before closing it).
    public func unwatch(_ fd: Int32) {
        _ = syscall { epoll_ctl(epoll, EPOLL_CTL_DEL, fd, nil) }
    }

    /// Sleeps until at least one watched descriptor is readable; returns them.
    public func wait() throws(SystemError) -> [Int32] {
        var events = [epoll_event](repeating: epoll_event(), count: 16)
        let count = try syscall { events.withUnsafeMutableBufferPointer { epoll_wait(epoll, $0.baseAddress, 16, -1) } }
            .get("wait on", "the event loop")
        return events.prefix(Int(count)).map(\.data.fd)
    }
}
