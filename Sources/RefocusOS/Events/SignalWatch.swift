import CLinux
import Glibc

/// Signals delivered as events (a signalfd): the listed signals are blocked
/// for the process and read from the descriptor instead of interrupting it.
public final class SignalWatch {
    /// The descriptor to watch; readable when a signal arrived.
    public let fileDescriptor: Int32

    /// Blocks `signals` and starts reading them.
    public init(_ signals: [Int32]) throws(SystemError) {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in signals { sigaddset(&set, signal) }
        sigprocmask(SIG_BLOCK, &set, nil)
        fileDescriptor = try syscall { signalfd(-1, &set, Int32(SFD_NONBLOCK | SFD_CLOEXEC)) }
            .get("create", "a signal descriptor")
    }

    deinit { close(fileDescriptor) }

    /// The signals that arrived since the last call.
    public func drain() -> [Int32] {
        var received: [Int32] = []
        var info = signalfd_siginfo()
        while read(fileDescriptor, &info, MemoryLayout<signalfd_siginfo>.size) == MemoryLayout<signalfd_siginfo>.size {
            received.append(Int32(info.ssi_signo))
        }
        return received
    }
}
