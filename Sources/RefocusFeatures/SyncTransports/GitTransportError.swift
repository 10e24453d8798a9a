import RefocusCore
import RefocusOS

/// Why the git sync transport could not pull or push. Each message says
/// what failed, in git's own words where git said something, and what to
/// do; the local lists are never touched by the transport, so none of
/// these changed them.
public enum GitTransportError: RefocusError, Equatable {
    /// The git program is missing at this path.
    case notInstalled(String)
    /// The remote could not be fetched from or pushed to (no network, no
    /// such repository, no credentials), with git's words.
    case unreachable(url: String, gitSays: String)
    /// The remote refused a push that lost no race (a protected branch, a
    /// hook), with git's words.
    case rejected(url: String, branch: String, gitSays: String)
    /// The URL or branch cannot be used as given.
    case invalidSetting(String)
    /// Another git command failed in the clone, with its exit status and words.
    case failed(command: String, status: Int32, gitSays: String, clone: String)
    /// A git command ran until the time limit and was killed.
    case timedOut(command: String, limit: Duration)
    /// git could not be started, or the clone's files not written.
    case cannotRun(SystemError)

    public var category: ErrorCategory {
        switch self {
        case .notInstalled, .invalidSetting: .configuration
        case .timedOut: .busy
        case .cannotRun(let error): error.category
        case .unreachable, .rejected, .failed: .system
        }
    }

    public var description: String {
        switch self {
        case .notInstalled(let path):
            "git is not installed (apt-get install git): \(path) is missing; syncing through a git remote needs it"
        case .unreachable(let url, let words):
            "cannot reach the sync remote \(url): \(words.isEmpty ? "git gave no reason" : words); "
                + "check the address, the network and your own git credentials (try `git ls-remote \(url)`); "
                + "the local lists were not changed"
        case .rejected(let url, let branch, let words):
            "the sync remote \(url) refused the push to branch \(branch): \(words.isEmpty ? "git gave no reason" : words); "
                + "check that you may push to that branch (protected branches, server hooks)"
        case .invalidSetting(let reason):
            "cannot sync through git: \(reason)"
        case .failed(let command, let status, let words, let clone):
            "git \(command) failed in \(clone) (exit \(status)): \(words.isEmpty ? "git gave no reason" : words); "
                + "the clone holds nothing of its own: remove it and the next sync makes it again"
        case .timedOut(let command, let limit):
            "git \(command) did not finish within \(limit.components.seconds) seconds and was stopped; "
                + "check the network and that git needs no password (use an ssh agent or a credential helper)"
        case .cannotRun(let error):
            "cannot run git: \(error)"
        }
    }
}
