import CLinux
import Glibc
import RefocusOS

/// Tells systemd that the daemon is ready (`Type=notify`): `READY=1` in one
/// datagram to `$NOTIFY_SOCKET`, sent after the first reconcile, so that
/// units ordered after refocus.service (`network-pre.target`, and so the
/// network) start only once the hosts section and the table are in place.
/// The variable is then removed, so that no child of the daemon (a hook)
/// can speak for it. Without the variable (not started by systemd) it does
/// nothing. The notify protocol of sd_notify(3), without libsystemd.
public enum ServiceReadiness {
    /// The environment variable systemd sets for a `Type=notify` service.
    public static let variable = "NOTIFY_SOCKET"

    /// Sends `READY=1` when started by systemd; returns what failed, if anything, for the log.
    public static func notifyReady() -> String? {
        guard let value = getenv(variable).map({ String(cString: $0) }) else { return nil }
        unsetenv(variable)
        // A path, or an abstract name written with a leading '@' (a NUL in the address, no terminator).
        guard let first = value.first, first == "/" || first == "@" else {
            return "\(variable) '\(value)' is neither a path nor an abstract socket name"
        }
        let name = first == "@" ? "\u{0}" + value.dropFirst() : value
        guard let address = try? ControlSocket.address(name) else { return "\(variable) is too long" }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + name.utf8.count + (first == "/" ? 1 : 0))
        let descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return "socket for \(variable): errno \(errno)" }
        defer { close(descriptor) }
        let message = Array("READY=1".utf8)
        let sent = withUnsafePointer(to: address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                sendto(descriptor, message, message.count, Int32(MSG_NOSIGNAL), generic, length)
            }
        }
        return sent == message.count ? nil : "READY=1 to \(value): errno \(errno)"
    }
}
