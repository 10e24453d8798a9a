import Foundation
import Glibc
import RefocusOS

/// A desktop notification for a session's owner: `notify-send` run as the
/// owner (their uid, gid and groups, through `setpriv`, with no privilege
/// left and a clean environment: `OwnerProcess`) on the owner's session
/// bus (`NotifySend`: the program, its arguments and the bus, shared with
/// `refocus remind`). Silently does nothing when notify-send is not
/// installed or the owner has no session bus (not logged in graphically).
/// Where the dashboard is installed, the notification has an "Open
/// ReFocus" button that starts it as the owner (`NotifySend.openingScript`).
/// The daemon reaps the child on SIGCHLD.
public enum OwnerNotification {
    /// The dashboard's server beside the helper or where it is installed, looked for once.
    static let dashboard = NotifySend.dashboard(beside: try? RunningProgram.path())

    /// Shows `title` and `body` to `owner`; returns whether a notifier was started.
    @discardableResult
    public static func send(to owner: UInt32, title: String, body: String) -> Bool {
        guard FileManager.default.isExecutableFile(atPath: NotifySend.program),
            FileManager.default.fileExists(atPath: NotifySend.busSocket(of: owner))
        else { return false }
        let environment = { (account: UserAccount) in
            [
                "DBUS_SESSION_BUS_ADDRESS=" + NotifySend.busAddress(of: owner),
                "XDG_RUNTIME_DIR=" + NotifySend.runtimeFolder(of: owner), "USER=\(account.name)",
                "HOME=\(account.home)", "PATH=/usr/local/bin:/usr/bin:/bin",
            ]
        }
        guard let dashboard = Self.dashboard else {
            return OwnerProcess.start(
                as: owner, environment: environment, program: NotifySend.program,
                arguments: NotifySend.arguments(title: title, body: body)) != nil
        }
        return OwnerProcess.start(
            as: owner, environment: environment, program: "/bin/sh",
            arguments: NotifySend.openingArguments(title: title, body: body, dashboard: dashboard)) != nil
    }
}
