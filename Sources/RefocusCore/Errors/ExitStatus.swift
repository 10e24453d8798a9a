/// The exit codes of `refocus` and `refocus-helper`. They follow sysexits.h
/// where a code exists; what each means is written once, in
/// `meaning(for:)` (ExitStatus+Meaning.swift), and rendered from there into
/// `--help`, the man pages and docs/troubleshooting.md.
public enum ExitStatus: Int32, Sendable, CaseIterable {
    case success = 0
    /// A general failure that no other code describes.
    case failure = 1
    /// EX_USAGE: the command was used incorrectly.
    case usage = 64
    /// EX_DATAERR: the input data was invalid.
    case dataError = 65
    /// EX_NOINPUT: a named list, file or session does not exist.
    case notFound = 66
    /// EX_OSERR: the operating system refused an operation.
    case systemError = 71
    /// EX_TEMPFAIL: busy; try again.
    case busy = 75
    /// EX_NOPERM: not permitted.
    case notPermitted = 77
    /// EX_CONFIG: a configuration file is invalid.
    case configuration = 78

    /// The one mapping from an error's category to its exit code.
    public init(_ category: ErrorCategory) {
        switch category {
        case .usage: self = .usage
        case .data: self = .dataError
        case .notFound: self = .notFound
        case .notPermitted: self = .notPermitted
        case .busy: self = .busy
        case .system: self = .systemError
        case .configuration: self = .configuration
        }
    }
}
