import Foundation
import Glibc
import RefocusOS

/// A desktop notification for a session's owner: `notify-send` run as the
/// owner (their uid, gid and groups, through `setpriv`, with no privilege
/// left and a clean environment: `OwnerProcess`) on the owner's session
/// bus. Silently does nothing when notify-send is not installed or the
/// owner has no session bus (not logged in graphically). The daemon reaps
/// the child on SIGCHLD.
public enum OwnerNotification {
    static let notifySend = "/usr/bin/notify-send"

    /// Shows `title` and `body` to `owner`; returns whether a notifier was started.
    @discardableResult
    public static func send(to owner: UInt32, title: String, body: String) -> Bool {
        let bus = "/run/user/\(owner)/bus"
        guard FileManager.default.isExecutableFile(atPath: notifySend), FileManager.default.fileExists(atPath: bus)
        else { return false }
        let environment = { (account: UserAccount) in
            ["DBUS_SESSION_BUS_ADDRESS=unix:path=\(bus)", "XDG_RUNTIME_DIR=/run/user/\(owner)", "USER=\(account.name)"]
        }
        return OwnerProcess.start(
            as: owner, environment: environment, program: notifySend,
            arguments: ["--app-name=ReFocus", "--", title, body]) != nil
    }
}
