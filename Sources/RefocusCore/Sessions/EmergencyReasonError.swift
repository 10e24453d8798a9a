/// Why an emergency exit's reason is not acceptable (`EmergencyReason`).
public struct EmergencyReasonError: RefocusError, Equatable {
    /// The reason as given.
    public let reason: String
    /// The rule it breaks.
    public let rule: String

    public var category: ErrorCategory { .data }

    public var description: String {
        "\(String(reflecting: reason)) is not a reason for an emergency exit: \(rule); give 1 to "
            + "\(EmergencyReason.maximumLength) characters on one line, such as 'the doctor called'"
    }
}
