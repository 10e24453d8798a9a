import CLinux
import Glibc
import RefocusOS

/// A one-shot timer on CLOCK_BOOTTIME (a timerfd): it counts suspend and
/// no one can set it, so a deadline armed on it is a real duration away
/// whatever happens to the wall clock.
public final class BootTimer {
    /// The descriptor to watch; readable when the timer fired.
    public let fileDescriptor: Int32

    /// A disarmed timer.
    public init() throws(SystemError) {
        fileDescriptor = try syscall { timerfd_create(CLOCK_BOOTTIME, Int32(TFD_NONBLOCK | TFD_CLOEXEC)) }
            .get("create", "a boot-time timer")
    }

    deinit { close(fileDescriptor) }

    /// Fires once after `delay` (at least 1 ns), or never when nil.
    public func arm(after delay: Duration?) {
        var spec = itimerspec()
        if let delay {
            let (seconds, attoseconds) = max(delay, .nanoseconds(1)).components
            spec.it_value = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
            if spec.it_value.tv_sec == 0 && spec.it_value.tv_nsec == 0 { spec.it_value.tv_nsec = 1 }
        }
        timerfd_settime(fileDescriptor, 0, &spec, nil)
    }

    /// Consumes the expiry so that the descriptor is no longer readable.
    public func acknowledge() {
        var count: UInt64 = 0
        _ = read(fileDescriptor, &count, 8)
    }
}
