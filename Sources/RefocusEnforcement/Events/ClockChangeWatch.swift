import CLinux
import Glibc
import RefocusOS

/// Notices when someone sets the wall clock: a CLOCK_REALTIME timerfd armed
/// far in the future with TFD_TIMER_CANCEL_ON_SET, which the kernel cancels
/// (the descriptor becomes readable with ECANCELED) whenever the clock is set.
public final class ClockChangeWatch {
    /// The descriptor to watch; readable after a clock change.
    public let fileDescriptor: Int32

    /// Starts watching.
    public init() throws(SystemError) {
        fileDescriptor = try syscall { timerfd_create(CLOCK_REALTIME, Int32(TFD_NONBLOCK | TFD_CLOEXEC)) }
            .get("create", "a clock-change watch")
        rearm()
    }

    deinit { close(fileDescriptor) }

    /// Consumes the notification and watches for the next change.
    public func acknowledge() {
        var count: UInt64 = 0
        _ = read(fileDescriptor, &count, 8)
        rearm()
    }

    private func rearm() {
        var spec = itimerspec()
        spec.it_value.tv_sec = Int.max / 2
        timerfd_settime(fileDescriptor, Int32(TFD_TIMER_ABSTIME) | Int32(TFD_TIMER_CANCEL_ON_SET), &spec, nil)
    }
}
