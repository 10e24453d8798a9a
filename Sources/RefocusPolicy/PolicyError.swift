import RefocusCore

/// Why the policy file cannot be used.
public enum PolicyError: RefocusError, Equatable {
    /// The file or one of its keys is invalid.
    case invalid(path: String, key: String?, reason: String)

    public var category: ErrorCategory { .configuration }

    public var description: String {
        switch self {
        case let .invalid(path, key?, reason): "\(path): '\(key)': \(reason)"
        case let .invalid(path, nil, reason): "\(path): \(reason)"
        }
    }
}
