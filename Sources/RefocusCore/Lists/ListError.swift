/// Why a block list, its name or one of its lines is not acceptable.
public enum ListError: RefocusError, Equatable {
    /// A list name outside `[a-z0-9][a-z0-9_-]{0,63}`.
    case invalidName(String)
    /// A program name that cannot name a program.
    case invalidProgram(String, reason: String)
    /// A list text with bad lines; each names its line number.
    case badLines(source: String, issues: [ListLineIssue])
    /// A list with neither entries nor programs, which a session cannot block.
    case empty(BlockListName)
    /// A preset name that reads as a length (`90m`).
    case lengthAsName(String)

    public var category: ErrorCategory { .data }

    public var description: String {
        switch self {
        case let .invalidName(name):
            "'\(name)' is not a list name; use 1 to 64 lower-case letters, digits, '-' or '_', "
                + "starting with a letter or digit"
        case let .invalidProgram(name, reason):
            "'\(name)' is not a program name: \(reason)"
        case let .lengthAsName(name):
            "'\(name)' reads as a length; give a preset a name that starts with a letter, such as 'morning'"
        case let .empty(name):
            "list \(name) is empty: it blocks nothing; add domains ('refocus list add \(name) example.com') or "
                + "programs ('refocus list add \(name) --program NAME'), or start without it"
        case let .badLines(source, issues):
            ([issues.count == 1 ? "\(source) has a bad line:" : "\(source) has \(issues.count) bad lines:"]
                + issues.map { "  \(source):\($0)" }).joined(separator: "\n")
        }
    }
}

/// One rejected line of a list text: where it is, what it says and why.
public struct ListLineIssue: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The 1-based line number.
    public let line: Int
    /// The line as written, without its terminator.
    public let text: String
    /// Why it was rejected.
    public let reason: String

    /// Makes an issue for line `line`.
    public init(line: Int, text: String, reason: String) {
        self.line = line
        self.text = text
        self.reason = reason
    }

    /// `12: reason`.
    public var description: String { "\(line): \(reason)" }
}
