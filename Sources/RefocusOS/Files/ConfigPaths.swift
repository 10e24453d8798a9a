import Glibc
import RefocusCore

/// Where a user's ReFocus files live, following the XDG base directory
/// specification: `$XDG_CONFIG_HOME/refocus` (an absolute path), else
/// `$HOME/.config/refocus`, else the home directory of the passwd entry.
public struct ConfigPaths: Sendable, Equatable {
    /// `…/refocus`.
    public let root: String

    /// Paths under an explicit root (tests and other tools).
    public init(root: String) {
        self.root = root
    }

    /// Paths for the environment `environment` of the user `uid`.
    public init(environment: [String: String], uid: uid_t = getuid()) throws(ConfigPathError) {
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
            root = xdg + "/refocus"
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            root = home + "/.config/refocus"
        } else if let home = UserAccount.lookup(uid: uid)?.home {
            root = home + "/.config/refocus"
        } else {
            throw .noHome
        }
    }

    /// `…/refocus/lists`, one `NAME.domains` and `NAME.programs` per list.
    public var lists: String { root + "/lists" }
}

/// Why the configuration folder cannot be found.
public enum ConfigPathError: RefocusError, Equatable {
    /// Neither XDG_CONFIG_HOME, HOME nor the passwd entry gives a home.
    case noHome

    public var category: ErrorCategory { .configuration }

    public var description: String {
        "cannot find your configuration folder: set HOME (or XDG_CONFIG_HOME) to an absolute path"
    }
}
