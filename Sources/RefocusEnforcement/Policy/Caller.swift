import Glibc
import RefocusCore
import RefocusOS

/// Who asked the helper: the user who ran sudo (`SUDO_UID`, which must be a
/// user of this machine), or root itself. Never a field of the request.
public struct Caller: Sendable, Equatable {
    /// The caller's uid.
    public let uid: UInt32
    /// Whether the caller is real root, not a user through sudo.
    public let isRoot: Bool
    /// Whether the caller came through sudo (`SUDO_UID` is set, even to 0).
    public let throughSudo: Bool

    /// Whether this is root itself, not anyone through sudo: what `clear`
    /// and `daemon` require, since the group's sudo rule must never reach them.
    public var isRootItself: Bool { isRoot && !throughSudo }

    /// Whose sessions the caller reads: its own, or everyone's (nil) for root.
    public var readableOwner: UInt32? { isRoot ? nil : uid }

    /// The caller of this process: requires real uid 0 (the helper runs as
    /// root); `SUDO_UID` names the user, else the caller is root.
    public static func current(environment: [String: String]) throws(CallerError) -> Caller {
        guard getuid() == 0, geteuid() == 0 else { throw .notRoot }
        guard let text = environment["SUDO_UID"] else { return Caller(uid: 0, isRoot: true, throughSudo: false) }
        guard let uid = UInt32(text), String(uid) == text else { throw .badSudoUID(text) }
        guard getpwuid(uid) != nil else { throw .unknownUser(uid) }
        return Caller(uid: uid, isRoot: uid == 0, throughSudo: true)
    }
}

/// Why the helper does not know or accept its caller.
public enum CallerError: RefocusError, Equatable {
    /// Not running as root.
    case notRoot
    /// SUDO_UID is not a decimal uid.
    case badSudoUID(String)
    /// SUDO_UID names no user of this machine.
    case unknownUser(UInt32)

    public var category: ErrorCategory { .notPermitted }

    public var description: String {
        switch self {
        case .notRoot: "must run as root; refocus runs it through sudo for you"
        case let .badSudoUID(text): "SUDO_UID '\(text)' is not a uid; run the helper through sudo"
        case let .unknownUser(uid): "SUDO_UID \(uid) is not a user of this machine"
        }
    }
}
