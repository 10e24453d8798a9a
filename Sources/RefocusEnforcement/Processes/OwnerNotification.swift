import Foundation
import Glibc
import RefocusOS

/// A desktop notification for a session's owner: `notify-send` run as the
/// owner (their uid, gid and groups, through `setpriv`, with no privilege
/// left and a clean environment) on the owner's session bus. Silently does
/// nothing when notify-send is not installed or the owner has no session
/// bus (not logged in graphically). The daemon reaps the child on SIGCHLD.
public enum OwnerNotification {
    static let notifySend = "/usr/bin/notify-send"
    static let setpriv = "/usr/bin/setpriv"

    /// Shows `title` and `body` to `owner`; returns whether a notifier was started.
    @discardableResult
    public static func send(to owner: UInt32, title: String, body: String) -> Bool {
        let bus = "/run/user/\(owner)/bus"
        guard owner != 0, let account = getpwuid(owner),
              FileManager.default.isExecutableFile(atPath: notifySend),
              FileManager.default.isExecutableFile(atPath: setpriv),
              FileManager.default.fileExists(atPath: bus)
        else { return false }
        let name = String(cString: account.pointee.pw_name)
        let arguments = ["--reuid=\(owner)", "--regid=\(account.pointee.pw_gid)", "--init-groups",
                         "--inh-caps=-all", "--bounding-set=-all", "--no-new-privs", "--reset-env", "--",
                         "/usr/bin/env", "DBUS_SESSION_BUS_ADDRESS=unix:path=\(bus)", "XDG_RUNTIME_DIR=/run/user/\(owner)",
                         "USER=\(name)", notifySend, "--app-name=ReFocus", "--", title, body]
        return (try? DetachedProcess.start(setpriv, arguments)) != nil
    }
}
