import Glibc
import RefocusCore

/// Where a user's ReFocus state lives (what it remembers, not what the user
/// writes), following the XDG base directory specification:
/// `$XDG_STATE_HOME/refocus` (an absolute path), else
/// `$HOME/.local/state/refocus`, else under the passwd entry's home.
public struct StatePaths: Sendable, Equatable {
    /// `…/refocus`.
    public let root: String

    /// Paths under an explicit root (tests and other tools).
    public init(root: String) {
        self.root = root
    }

    /// Paths for the environment `environment` of the user `uid`.
    public init(environment: [String: String], uid: uid_t = getuid()) throws(ConfigPathError) {
        if let xdg = environment["XDG_STATE_HOME"], xdg.hasPrefix("/") {
            root = xdg + "/refocus"
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            root = home + "/.local/state/refocus"
        } else if let home = UserAccount.lookup(uid: uid)?.home {
            root = home + "/.local/state/refocus"
        } else {
            throw .noHome
        }
    }

    /// `…/refocus/sync`: list sync's base copies, lock, last result and git clone.
    public var sync: String { root + "/sync" }
}
