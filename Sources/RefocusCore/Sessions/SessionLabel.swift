/// What a session's time is for (`refocus start --label thesis`): shown in
/// status, history, notifications and hooks. 1 to 64 characters of text on
/// one line: no control or format characters (so it cannot break a line,
/// a notification or a hook's environment), not only white space, and no
/// white space at either end.
public struct SessionLabel: ValidatedName {
    /// The label.
    public let rawValue: String

    /// The most characters a label has.
    public static let maximumLength = 64

    /// Validates a label, throwing `LabelError` with the reason.
    public init(_ text: some StringProtocol) throws(LabelError) {
        let label = String(text)
        let reason = label.oneLineTextProblem(maximumLength: Self.maximumLength)
        if let reason { throw LabelError(label: label, reason: reason) }
        rawValue = label
    }

    /// Validates `text`; the requirement of `ValidatedName`.
    public init(validating text: String) throws {
        try self.init(text)
    }
}

/// Why a session label is not acceptable.
public struct LabelError: RefocusError, Equatable {
    /// The label as given.
    public let label: String
    /// What is wrong with it.
    public let reason: String

    public var category: ErrorCategory { .data }

    public var description: String {
        "\(String(reflecting: label)) is not a session label: \(reason); give 1 to \(SessionLabel.maximumLength) "
            + "characters on one line, such as 'thesis'"
    }
}

extension String {
    /// The string without white space at either end.
    var trimmingWhiteSpace: Substring {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return Substring(scalars[first...last])
    }
}
