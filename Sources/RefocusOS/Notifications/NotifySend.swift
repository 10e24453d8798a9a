import Glibc

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

    /// What runs as the owner for a notification with an "Open ReFocus"
    /// button (`--action`, which makes notify-send wait for the person's
    /// answer): when the button is pressed, the dashboard (`$3`, refocus-ui)
    /// starts in the owner's graphical session (its DISPLAY, WAYLAND_DISPLAY
    /// and XAUTHORITY taken from the user's systemd manager, where desktops
    /// put them). The texts and the path are arguments, never part of the script.
    public static let openingScript = """
        answer=$(/usr/bin/notify-send --app-name=ReFocus --action=open='Open ReFocus' -- "$1" "$2") || exit 0
        [ "$answer" = open ] || exit 0
        for name in DISPLAY WAYLAND_DISPLAY XAUTHORITY; do
          value=$(systemctl --user show-environment 2> /dev/null | sed -n "s/^$name=//p")
          [ -n "$value" ] && export "$name=$value"
        done
        exec "$3"
        """

    /// `/bin/sh`'s arguments for `openingScript` with `title`, `body` and the dashboard's path.
    public static func openingArguments(title: String, body: String, dashboard: String) -> [String] {
        ["-c", openingScript, "refocus-notification", title, body, dashboard]
    }

    /// The dashboard's server as root finds it: beside this program (a build
    /// folder, the tests), else where `make install` and the package put it;
    /// nil when none is installed (the notification then has no button).
    public static func dashboard(beside program: String?) -> String? {
        let folder = program.map { String($0[..<($0.lastIndex(of: "/") ?? $0.startIndex)]) }
        return [folder.map { $0 + "/refocus-ui" }, "/usr/bin/refocus-ui", "/usr/local/bin/refocus-ui"]
            .compactMap { $0 }.first { access($0, X_OK) == 0 }
    }
}
