import RefocusCore
import SystemPackage
import RefocusOS

/// Why the resolver could not run at all. (Names that fail to resolve are
/// not errors: they come back with a `LookupFailure`.)
public enum DNSClientError: RefocusError, Equatable {
    /// c-ares could not be initialised or a channel not created.
    case library(operation: String, reason: String)
    /// c-ares refused the list of name servers.
    case servers(list: String, reason: String)
    /// Waiting for the name servers' answers failed.
    case wait(Errno)

    /// Always `.system`: the machine, not the input, is at fault.
    public var category: ErrorCategory { .system }

    /// One line naming what failed, why, and what to do.
    public var description: String {
        switch self {
        case let .library(operation, reason):
            "cannot \(operation) the DNS resolver library c-ares: \(reason); check that libc-ares2 is installed and memory is free"
        case let .servers(list, reason):
            "c-ares refused the name servers \(list): \(reason); check the nameserver lines of the resolver configuration"
        case let .wait(errno):
            "cannot wait for the name servers' answers: \(errno.description); try again"
        }
    }
}
