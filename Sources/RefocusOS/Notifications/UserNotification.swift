#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Glibc
import RefocusCore

/// A desktop notification sent by the calling user to their own session
/// bus through the real notify-send, waited for: what `refocus remind`
/// sends when cron runs a reminder. Runs with the caller's privileges only.
///
/// The bus is the one `DBUS_SESSION_BUS_ADDRESS` names; without it (cron
/// sets no such variable) the user's `/run/user/UID/bus`, when it is a
/// socket owned by the user, else none: a bus in another user's hands
/// would show them the text.
public enum UserNotification {
    /// Shows `title` and `body` as a notification of the app ReFocus.
    ///
    /// - Throws: `UserNotificationError.noNotifySend` when notify-send is not
    ///   installed, `.noSessionBus` when there is no bus to send to,
    ///   `.notShown` when notify-send failed (no notification server on the
    ///   bus, a bus that refused it) with what it said.
    public static func send(title: String, body: String) throws(UserNotificationError) {
        guard access(NotifySend.program, X_OK) == 0 else { throw .noNotifySend(NotifySend.program) }
        let command = [NotifySend.program] + NotifySend.arguments(title: title, body: body)
        let environment = ProcessInfo.processInfo.environment
        var assignments: [String] = []
        if environment["DBUS_SESSION_BUS_ADDRESS"]?.isEmpty ?? true {
            let uid = getuid()
            guard isOwnSocket(NotifySend.busSocket(of: uid), uid: uid) else {
                throw .noSessionBus(NotifySend.busSocket(of: uid))
            }
            assignments.append("DBUS_SESSION_BUS_ADDRESS=" + NotifySend.busAddress(of: uid))
            if environment["XDG_RUNTIME_DIR"]?.isEmpty ?? true {
                assignments.append("XDG_RUNTIME_DIR=" + NotifySend.runtimeFolder(of: uid))
            }
        }
        let output: ForegroundProcess.Output
        do {
            // env(1) sets the bus for notify-send alone; an absolute path, so that cron's PATH does not matter.
            output = try ForegroundProcess.run(
                assignments.isEmpty ? command : ["/usr/bin/env"] + assignments + command, input: Data())
        } catch {
            throw .notShown(status: 0, message: error.description)
        }
        guard output.status == 0 else {
            let message = String(decoding: output.standardError, as: UTF8.self)
                .split(separator: "\n").joined(separator: "; ")
            throw .notShown(status: output.status, message: message)
        }
    }

    /// Whether `path` is a socket owned by `uid` (not followed if a symbolic link).
    static func isOwnSocket(_ path: String, uid: uid_t) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0 else { return false }
        return info.st_mode & S_IFMT == S_IFSOCK && info.st_uid == uid
    }
}
