/// Why the owner of a locked session takes its emergency exit (`refocus
/// stop --emergency`): kept in history beside the outcome. 1 to 200
/// characters of text on one line: no control or format characters (so it
/// cannot break a line, a notification, a CSV row or a hook's environment),
/// not only white space, and no white space at either end.
public struct EmergencyReason: ValidatedName {
    /// The most characters a reason has.
    public static let maximumLength = 200

    /// The reason.
    public let rawValue: String

    /// Validates `text`; the requirement of `ValidatedName`.
    public init(validating text: String) throws {
        try self.init(text)
    }

    /// Validates a reason, throwing `EmergencyReasonError` with the rule it breaks.
    public init(_ text: some StringProtocol) throws(EmergencyReasonError) {
        rawValue = String(text)
        if let rule = rawValue.oneLineTextProblem(maximumLength: Self.maximumLength) {
            throw EmergencyReasonError(reason: rawValue, rule: rule)
        }
    }
}
