import RefocusCore

/// Why a notification of the calling user's own (`UserNotification`) was not shown.
public enum UserNotificationError: RefocusError, Equatable {
    /// notify-send is not installed at this path.
    case noNotifySend(String)
    /// No session bus: the variable is unset and this socket is missing, not a socket or not the user's.
    case noSessionBus(String)
    /// notify-send ran and failed: its exit status and what it said.
    case notShown(status: Int32, message: String)

    /// A missing program is the installation's; a missing bus is a missing
    /// thing (no desktop session); a failed notify-send the system's.
    public var category: ErrorCategory {
        switch self {
        case .noNotifySend: .configuration
        case .noSessionBus: .notFound
        case .notShown: .system
        }
    }

    /// One line naming the cause and the fix.
    public var description: String {
        switch self {
        case let .noNotifySend(path):
            "\(path) is not installed, and reminders are shown through it; install it (sudo apt install libnotify-bin)"
        case let .noSessionBus(socket):
            "no session bus to show the reminder on: DBUS_SESSION_BUS_ADDRESS is not set and \(socket) is not "
                + "a socket of yours (you are not logged in to a desktop session)"
        case let .notShown(status, message):
            "notify-send failed (status \(status)): \(message.isEmpty ? "it said nothing" : message); is a "
                + "notification daemon running in your desktop session?"
        }
    }
}
