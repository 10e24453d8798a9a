/// What kind of failure an error is, so that every front end maps it to the
/// same exit code and protocol error code.
///
/// Each error type in ReFocus names its category; `ExitStatus` turns a
/// category into the documented exit code in exactly one place.
public enum ErrorCategory: String, Sendable, Codable, CaseIterable {
    /// The command line was wrong: a bad option, a missing argument.
    case usage
    /// The input was understood but invalid: a bad domain, a bad list line.
    case data
    /// Something named does not exist: a list, a session.
    case notFound
    /// The caller may not do this: not root, not in group `refocus`, a locked session.
    case notPermitted
    /// Try again later: another run holds a lock.
    case busy
    /// The operating system refused: a file, a socket, a process.
    case system
    /// A configuration file is invalid.
    case configuration
}

/// An error that ReFocus reports to a person: a one-line message naming the
/// value, the cause and the fix, and the category that sets the exit code.
public protocol RefocusError: Error, CustomStringConvertible, Sendable {
    /// The kind of failure, mapped to exit codes by `ExitStatus`.
    var category: ErrorCategory { get }
}
