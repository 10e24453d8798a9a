import RefocusCore

/// Why the user's crontab could not be read or written through crontab(1).
public enum CrontabError: RefocusError, Equatable {
    /// No `crontab` program on PATH.
    case notInstalled
    /// crontab(1) refuses this user (/etc/cron.allow, /etc/cron.deny).
    case notAllowed(String)
    /// crontab(1) refused the new text; the crontab was left as it was.
    case refused(String)
    /// crontab(1) failed otherwise: what was run, its status and what it said.
    case failed(command: String, status: Int32, message: String)

    /// A missing program is the installation's, a refusal of the user a
    /// permission, a refused text bad data, the rest a system failure.
    public var category: ErrorCategory {
        switch self {
        case .notInstalled: .configuration
        case .notAllowed: .notPermitted
        case .refused: .data
        case .failed: .system
        }
    }

    /// One line naming what crontab said and the fix.
    public var description: String {
        switch self {
        case .notInstalled:
            "crontab is not installed, and schedules live in your crontab; install cron (sudo apt install cron)"
        case let .notAllowed(message):
            "crontab refuses you (\(message)); ask the administrator to allow you in /etc/cron.allow "
                + "or to remove you from /etc/cron.deny"
        case let .refused(message):
            "crontab refused the new crontab, so yours is unchanged: \(message)"
        case let .failed(command, status, message):
            "'\(command)' failed with status \(status)" + (message.isEmpty ? "" : ": \(message)")
        }
    }
}
