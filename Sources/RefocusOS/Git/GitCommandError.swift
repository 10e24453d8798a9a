import RefocusCore

/// Why a git run did not happen or did not finish (`GitCommand.execute`);
/// what git itself said about a failure is in the run's `Result`.
public enum GitCommandError: Error, Equatable, Sendable {
    /// The git program is missing at this path.
    case notInstalled(String)
    /// A git command ran until the time limit and was killed.
    case timedOut(command: String, limit: Duration)
    /// git could not be started, or its output not read.
    case cannotRun(SystemError)
}
