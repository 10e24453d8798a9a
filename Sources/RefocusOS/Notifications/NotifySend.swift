/// What every desktop notification of ReFocus shares, whoever sends it (the
/// daemon as a session's owner, `refocus remind` as the user cron runs it
/// for): the real `notify-send` at a fixed path, the app name ReFocus, and
/// the user's session bus where a systemd login session puts it.
public enum NotifySend {
    /// notify-send (Debian's libnotify-bin), never looked up in a PATH.
    public static let program = "/usr/bin/notify-send"

    /// notify-send's arguments: the app name, then `title` and `body` after
    /// `--`, so that a text starting with `-` is not read as an option.
    public static func arguments(title: String, body: String) -> [String] {
        ["--app-name=ReFocus", "--", title, body]
    }

    /// The runtime folder of the user `uid`: `/run/user/UID`.
    public static func runtimeFolder(of uid: UInt32) -> String {
        "/run/user/\(uid)"
    }

    /// The socket of the session bus of the user `uid`: `/run/user/UID/bus`.
    public static func busSocket(of uid: UInt32) -> String {
        runtimeFolder(of: uid) + "/bus"
    }

    /// The D-Bus address of that socket, for `DBUS_SESSION_BUS_ADDRESS`.
    public static func busAddress(of uid: UInt32) -> String {
        "unix:path=" + busSocket(of: uid)
    }
}
