import RefocusCore

/// The stable error codes of the helper protocol. Scripts may match on them;
/// they never change meaning.
public enum ProtocolErrorCode: String, Codable, Sendable, CaseIterable {
    /// The request is not valid JSON of the protocol, or a field is invalid.
    case badRequest = "bad-request"
    /// The request speaks another protocol version.
    case unsupportedVersion = "unsupported-version"
    /// The request is larger than its verb's `HelperPayload.maximumBytes`.
    case requestTooLarge = "request-too-large"
    /// The session length is outside the administrator's policy.
    case lengthOutOfBounds = "length-out-of-bounds"
    /// The caller may not do this (not root, no SUDO_UID, not the owner).
    case notPermitted = "not-permitted"
    /// The named session does not exist or is not the caller's.
    case notFound = "not-found"
    /// The session is locked until it ends.
    case sessionLocked = "session-locked"
    /// The request would pass one of the administrator's caps (names,
    /// addresses, programs or sessions per user or per machine, the widest
    /// range, an address that must never be blocked); the message names the cap.
    case overLimit = "over-limit"
    /// Another helper run holds the store; try again.
    case busy
    /// The caller already has as many helper runs going as one user may;
    /// refused at once, before the request is read: try again when one ends.
    case tooManyRuns = "too-many-runs"
    /// The operating system refused an operation.
    case systemError = "system-error"
    /// The administrator's policy (/etc/refocus/policy.toml) is invalid.
    case badPolicy = "bad-policy"

    /// The category that sets the exit code for this failure.
    public var category: ErrorCategory {
        switch self {
        case .badRequest, .unsupportedVersion, .requestTooLarge, .lengthOutOfBounds: .data
        case .notPermitted, .sessionLocked, .overLimit: .notPermitted
        case .notFound: .notFound
        case .busy, .tooManyRuns: .busy
        case .systemError: .system
        case .badPolicy: .configuration
        }
    }
}

/// A failed request: a stable code and a message for a person.
public struct ProtocolFailure: RefocusError, Codable, Equatable {
    /// The stable code.
    public let code: ProtocolErrorCode
    /// What went wrong and what to do, in one line.
    public let message: String

    /// Makes a failure.
    public init(code: ProtocolErrorCode, message: String) {
        self.code = code
        self.message = message
    }

    public var category: ErrorCategory { code.category }
    public var description: String { message }
}
