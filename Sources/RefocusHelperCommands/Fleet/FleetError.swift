import RefocusCore
import RefocusOS

/// Why a fleet pull could not be tried or finished (as opposed to a commit
/// it refused: `FleetRefusal`); the state in force is left as it was.
enum FleetError: RefocusError, Equatable {
    /// Run by someone other than root itself.
    case notRootItself
    /// Another pull holds the fleet lock.
    case busy(lock: String)
    /// git could not fetch the remote, with its words.
    case unreachable(remote: String, branch: String, gitSays: String)
    /// Another git command failed, with its words.
    case gitFailed(command: String, status: Int32, gitSays: String)
    /// git is missing, could not run, or ran out of time.
    case gitNotRun(GitCommandError)
    /// A path the fleet manages under /etc/refocus holds something it will not replace.
    case occupied(path: String, reason: String)

    var category: ErrorCategory {
        switch self {
        case .notRootItself: .notPermitted
        case .busy: .busy
        case .unreachable, .gitFailed, .occupied: .system
        case .gitNotRun(.notInstalled): .configuration
        case .gitNotRun(.timedOut): .busy
        case .gitNotRun(.cannotRun(let error)): error.category
        }
    }

    var description: String {
        switch self {
        case .notRootItself:
            "only root itself runs fleet pull and fleet status (not a user through sudo)"
        case .busy(let lock):
            "another fleet pull holds \(lock); try again when it has finished"
        case let .unreachable(remote, branch, words):
            "cannot fetch branch \(branch) of \(remote): \(words.isEmpty ? "git gave no reason" : words); "
                + "check the address, the branch and root's credentials for it; the policy in force was kept"
        case let .gitFailed(command, status, words):
            "git \(command) failed (exit \(status)): \(words.isEmpty ? "git gave no reason" : words); "
                + "the policy in force was kept"
        case .gitNotRun(.notInstalled(let path)):
            "git is not installed (apt-get install git): \(path) is missing"
        case .gitNotRun(.timedOut(let command, let limit)):
            "git \(command) did not finish within \(limit.components.seconds) seconds and was stopped; "
                + "the policy in force was kept"
        case .gitNotRun(.cannotRun(let error)):
            "cannot run git: \(error)"
        case let .occupied(path, reason):
            "\(path) \(reason); nothing of the fleet's commit was applied"
        }
    }
}
