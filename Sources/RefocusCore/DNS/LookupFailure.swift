/// Why a name's addresses are missing or incomplete. The raw value is the
/// stable token printed by `refocus resolve --json`.
public enum LookupFailure: String, Sendable, Codable, CaseIterable {
    /// The name does not exist (NXDOMAIN).
    case notFound = "not-found"
    /// The name exists but has neither A nor AAAA records.
    case noData = "no-data"
    /// Every address answered is one that cannot be blocked (0.0.0.0, ::,
    /// loopback): the server itself blocks the name or answers from a hosts file.
    case unusableAddresses = "unusable-addresses"
    /// A query had no answer before the deadline; the addresses may be incomplete.
    case timedOut = "timed-out"
    /// A server failed or refused a query; the addresses may be incomplete.
    case serverFailure = "server-failure"

    /// What the failure means for the firewall, in a few words.
    public var explanation: String {
        switch self {
        case .notFound: "no such domain (NXDOMAIN)"
        case .noData: "no A or AAAA record"
        case .unusableAddresses: "only 0.0.0.0, :: or loopback answers (the server blocks it itself)"
        case .timedOut: "no answer before the deadline"
        case .serverFailure: "the name server failed or refused"
        }
    }
}
