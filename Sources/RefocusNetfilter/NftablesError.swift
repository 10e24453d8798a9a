import RefocusCore
import SystemPackage
import RefocusOS

/// Why ReFocus could not read or change its nftables table `inet refocus`.
///
/// Every case names the operation ("replace table inet refocus", "create set
/// v4"), the kernel's or system's reason and the fix, in one line.
public enum NftablesError: RefocusError, Equatable {
    /// The netlink socket could not be opened, bound, sized, written or read.
    case socket(operation: String, Errno)
    /// The kernel refused the batch for lack of privilege: the process is not
    /// root and has no CAP_NET_ADMIN in its network namespace.
    case notPermitted(operation: String)
    /// The table carries the OWNER flag and another process's netlink socket
    /// owns it (the ReFocus daemon): only that process may change it.
    case ownedByAnotherProcess(operation: String)
    /// The kernel refused one message of the batch with `errno`; nothing in
    /// the batch took effect.
    case refused(operation: String, Errno)
    /// The kernel did not acknowledge a message it was asked to.
    case unanswered(operation: String)
    /// libnftnl or libmnl could not allocate memory for `what`.
    case outOfMemory(String)
    /// The batch outgrew the buffer sized for it (`bytes`): a ReFocus bug.
    case batchOverflow(bytes: Int)

    /// `.notPermitted` for privilege and ownership (EPERM), `.busy` for EBUSY, `.system` otherwise.
    public var category: ErrorCategory {
        switch self {
        case .notPermitted, .ownedByAnotherProcess: .notPermitted
        case .refused(_, .notPermitted), .socket(_, .notPermitted): .notPermitted
        case .refused(_, .resourceBusy): .busy
        default: .system
        }
    }

    /// One line: the operation, the reason and the fix.
    public var description: String {
        switch self {
        case .socket(let operation, let errno):
            "cannot \(operation): netlink socket: \(errno.description)" + Self.hint(for: errno)
        case .notPermitted(let operation):
            "cannot \(operation): not permitted (EPERM); run as root or with CAP_NET_ADMIN"
        case .ownedByAnotherProcess(let operation):
            "cannot \(operation): the table is owned by another process (EPERM);"
                + " stop the ReFocus daemon (systemctl stop refocus) or let it make the change"
        case .refused(let operation, let errno):
            "cannot \(operation): the kernel refused it: \(errno.description)" + Self.hint(for: errno)
        case .unanswered(let operation):
            "cannot \(operation): the kernel did not acknowledge the message; nothing was changed, try again"
        case .outOfMemory(let what):
            "cannot build \(what): out of memory; free some memory and try again"
        case .batchOverflow(let bytes):
            "cannot build the nftables batch: it outgrew its \(bytes)-byte buffer; this is a ReFocus bug, please report it"
        }
    }

    private static func hint(for errno: Errno) -> String {
        switch errno {
        case .notPermitted, .permissionDenied:
            "; run as root or with CAP_NET_ADMIN"
        case .resourceBusy:
            "; another program is changing the table, try again"
        case .notSupported, .noSuchFileOrDirectory:
            "; the kernel lacks an nftables feature (modules nf_tables, nft_reject_inet);"
                + " load it with modprobe or use a newer kernel"
        case .messageTooLong, .noBufferSpace:
            "; the batch exceeds the socket buffer, run as root so that it can be enlarged (SO_SNDBUFFORCE)"
        case .tooManyOpenFilesInSystem:
            "; the set is full, this is a ReFocus bug, please report it"
        default:
            ""
        }
    }
}
