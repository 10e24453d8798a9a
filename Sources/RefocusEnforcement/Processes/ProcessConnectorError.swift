import RefocusCore
import SystemPackage
import RefocusOS

/// Why the process connector cannot report execs.
///
/// `.unavailable` is expected in containers and private namespaces: the
/// daemon then scans /proc once per second instead. The others are faults.
public enum ProcessConnectorError: RefocusError, Equatable {
    /// Why the kernel gives this process no process events.
    public enum Unavailability: String, Sendable, Equatable {
        /// The kernel has no process connector (CONFIG_PROC_EVENTS off): the socket protocol is unsupported.
        case noConnector
        /// The process is not in the initial network namespace: the kernel refuses the subscription (ECONNREFUSED).
        case otherNetworkNamespace
        /// The process is not in the initial PID and user namespaces: the kernel ignores the subscription.
        case otherPIDNamespace
    }

    /// The kernel gives this process no process events; fall back to scanning /proc.
    case unavailable(Unavailability)
    /// Subscribing needs CAP_NET_ADMIN (root).
    case notPermitted(operation: String)
    /// A socket call failed.
    case socket(operation: String, Errno)
    /// The kernel answered the subscription with an error.
    case refused(Errno)

    /// Whether the daemon should fall back to scanning /proc rather than fail.
    public var isUnavailable: Bool {
        if case .unavailable = self { return true }
        return false
    }

    public var category: ErrorCategory {
        switch self {
        case .notPermitted, .refused(.notPermitted), .socket(_, .notPermitted): .notPermitted
        default: .system
        }
    }

    /// One line: what failed, why, and what to do.
    public var description: String {
        switch self {
        case .unavailable(.noConnector):
            "the process connector is unavailable: this kernel has no process events (CONFIG_PROC_EVENTS); "
                + "blocked programs are found by scanning /proc once per second"
        case .unavailable(.otherNetworkNamespace):
            "the process connector is unavailable: this process is not in the initial network namespace "
                + "(a container?); blocked programs are found by scanning /proc once per second"
        case .unavailable(.otherPIDNamespace):
            "the process connector is unavailable: the kernel ignored the subscription, as it does outside "
                + "the initial PID and user namespaces; blocked programs are found by scanning /proc once per second"
        case .notPermitted(let operation):
            "cannot \(operation): not permitted; the process connector needs root (CAP_NET_ADMIN)"
        case .socket(let operation, let errno):
            "cannot \(operation): \(errno.description)"
        case .refused(let errno):
            "the kernel refused the process connector subscription: \(errno.description)"
        }
    }
}
