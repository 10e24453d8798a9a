/// The helper's verbs: the one place their names are spelled. Each is a
/// subcommand of `refocus-helper`; those that read a request name it in the
/// request's `verb` field, and carry their payload under a key of the same
/// name (`HelperPayload`).
public enum HelperVerbName: String, CaseIterable, Sendable, Codable {
    /// Start or extend a session (a `StartRequest`).
    case start
    /// End sessions (a `StopRequest`).
    case stop
    /// Skip a phase, pause or resume (a `PaceRequest`).
    case pace
    /// The active sessions (a `StatusRequest`).
    case status
    /// Ended sessions (a `HistoryRequest`).
    case history
    /// Every ended session as a focus record, for stats (a `FocusRequest`).
    case focus
    /// Set, remove or show the caller's daily allowances (an `AllowanceRequest`).
    case allowance
    /// Enforce the store; reads no request.
    case reconcile
    /// Root only: end every session and lift every block; reads no request.
    case clear
    /// Root only: the enforcer daemon; reads no request.
    case daemon
    /// Root only (`check`: anyone): the resolver module in /etc/nsswitch.conf; reads no request.
    case nsswitch
}

/// What a verb reads on the helper's standard input, inside a
/// `RequestEnvelope`: its verb, and whether it travels under its verb's key.
public protocol HelperPayload: Codable, Sendable, Equatable {
    /// The verb this payload is for.
    static var verb: HelperVerbName { get }
    /// Whether the envelope carries it under the verb's key; false for a
    /// request that is the verb alone (status).
    static var hasBody: Bool { get }
    /// The largest request of this verb the helper reads, in bytes: what
    /// the verb's largest legal request needs, refused before decoding.
    static var maximumBytes: Int { get }
}

extension HelperPayload {
    /// A payload has a body unless it says otherwise.
    public static var hasBody: Bool { true }
    /// A few numbers and a date at most: `HelperProtocol.maximumSmallRequestBytes`.
    public static var maximumBytes: Int { HelperProtocol.maximumSmallRequestBytes }
}

/// The status request: the verb alone, `{"version": 1, "verb": "status"}`.
public struct StatusRequest: HelperPayload {
    public static let verb = HelperVerbName.status
    public static let hasBody = false

    /// The request.
    public init() {}
}

extension StartRequest: HelperPayload {
    public static let verb = HelperVerbName.start
    /// Lists of whole domains: `HelperProtocol.maximumRequestBytes`.
    public static var maximumBytes: Int { HelperProtocol.maximumRequestBytes }
}

extension StopRequest: HelperPayload {
    public static let verb = HelperVerbName.stop
}

extension PaceRequest: HelperPayload {
    public static let verb = HelperVerbName.pace
}

extension HistoryRequest: HelperPayload {
    public static let verb = HelperVerbName.history
}

extension FocusRequest: HelperPayload {
    public static let verb = HelperVerbName.focus
}

extension AllowanceRequest: HelperPayload {
    public static let verb = HelperVerbName.allowance
    /// Whole lists, as a start's: `HelperProtocol.maximumRequestBytes`.
    public static var maximumBytes: Int { HelperProtocol.maximumRequestBytes }
}
