import RefocusCore
import RefocusOS
import RefocusProtocol

/// Where a user's hooks and their log are, under the home folder that the
/// password database gives (never `$HOME` or `$XDG_CONFIG_HOME`, which the
/// runner never sees: the daemon starts it with an empty environment).
public struct HookPaths: Sendable, Equatable {
    /// The home folder.
    public let home: String

    /// Paths under `home`.
    public init(home: String) {
        self.home = home
    }

    /// `~/.config/refocus/hooks`: one executable per `HookEvent`, named after it.
    public var folder: String { home + "/.config/refocus/hooks" }

    /// `~/.config/refocus/hooks/EVENT`.
    public func hook(_ event: HookEvent) -> String { folder + "/" + event.rawValue }

    /// The folders that hold the log, outermost first; those missing are made 0700.
    public var logFolders: [String] { [home + "/.local", home + "/.local/state", home + "/.local/state/refocus"] }

    /// `~/.local/state/refocus/hooks.log`: the runner's lines and the hooks' output.
    public var log: String { home + "/.local/state/refocus/hooks.log" }

    /// `hooks.log.1`: the log before it passed `HookLog.sizeLimit`.
    public var previousLog: String { log + ".1" }
}
