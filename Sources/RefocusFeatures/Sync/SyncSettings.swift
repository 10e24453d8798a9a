/// Where a user's lists sync through: `[sync]` of config.toml, written by
/// `refocus sync init`.
public enum SyncSettings: Sendable, Equatable, CustomStringConvertible {
    /// A folder some engine keeps in step (`dir = "/home/me/Sync/refocus"`).
    case folder(String)
    /// A git remote (`git = "URL"`, optionally `branch = "main"`).
    case git(url: String, branch: String?)

    /// `folder /home/me/Sync/refocus`, `git ssh://host/lists.git (branch main)`.
    public var description: String {
        switch self {
        case let .folder(path): "folder \(path)"
        case let .git(url, branch): "git \(url)" + (branch.map { " (branch \($0))" } ?? "")
        }
    }
}
