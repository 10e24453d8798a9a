#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RefocusCore

/// The helper's answer to one request: `{"version": 1, "ok": true, "sessions": [...]}`
/// (the `focus` verb's with `"focus": {...}` and `"usedAllowances": [...]` beside them, the `nsswitch` verb's
/// with `"resolverModule": {...}`)
/// or `{"version": 1, "ok": false, "error": {"code": "...", "message": "..."}}`.
public struct HelperResponse: Codable, Sendable, Equatable {
    /// The protocol version of the helper that answered.
    public var version: Int
    /// The sessions the request started, stopped, listed or found in history.
    public var sessions: [SessionSummary]
    /// Remarks for the user, such as a list enforced through /etc/hosts only: each a kind with its values and
    /// its words (`Note`); a plain string from a helper that sent words only reads as a remark.
    public var notes: [Note]
    /// The `focus` verb's ended sessions; nil in every other answer.
    public var focus: FocusColumns?
    /// The `focus` verb's use of the caller's daily allowances, per list
    /// its days; nil in every other answer, and from a helper older than
    /// them (which a newer CLI reads as no allowances). At most
    /// `AllowanceUseDay.maximumRows` days in all. Its key sorts after
    /// `focus`, which `json()` writes first.
    public var usedAllowances: [AllowanceUseColumns]?
    /// The `nsswitch` verb's resolver module; nil in every other answer.
    public var resolverModule: ResolverModuleState?
    /// The `allowance` verb's answer: every daily allowance of the caller
    /// after the change; nil in every other answer.
    public var allowances: [AllowanceSummary]?
    /// The `stop` verb's windows of the administrator's unlocked schedules
    /// that the caller ended for themselves; nil in every other answer.
    public var waived: [AdministeredSummary]?
    /// The failure, when the request failed.
    public var error: ProtocolFailure?

    /// Whether the request succeeded.
    public var ok: Bool { error == nil }

    /// A successful answer.
    public init(
        sessions: [SessionSummary], notes: [Note] = [], focus: FocusColumns? = nil,
        resolverModule: ResolverModuleState? = nil, allowances: [AllowanceSummary]? = nil,
        usedAllowances: [AllowanceUseColumns]? = nil, waived: [AdministeredSummary]? = nil
    ) {
        version = HelperProtocol.version
        self.sessions = sessions
        self.notes = notes
        self.focus = focus
        self.resolverModule = resolverModule
        self.allowances = allowances
        self.usedAllowances = usedAllowances
        self.waived = waived
        error = nil
    }

    /// A failed answer.
    public init(failure: ProtocolFailure) {
        version = HelperProtocol.version
        sessions = []
        notes = []
        focus = nil
        resolverModule = nil
        allowances = nil
        usedAllowances = nil
        waived = nil
        error = failure
    }

    private enum CodingKeys: String, CodingKey, CaseIterable {
        case version, ok, sessions, notes, focus, resolverModule, allowances, usedAllowances, waived, error
    }

    /// Decodes a response, checking that `ok` agrees with the presence of `error`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        version = try container.decode(Int.self, forKey: .version)
        sessions = try container.decodeIfPresent([SessionSummary].self, forKey: .sessions) ?? []
        notes = try container.decodeIfPresent([Note].self, forKey: .notes) ?? []
        focus = try container.decodeIfPresent(FocusColumns.self, forKey: .focus)
        resolverModule = try container.decodeIfPresent(ResolverModuleState.self, forKey: .resolverModule)
        allowances = try container.decodeIfPresent([AllowanceSummary].self, forKey: .allowances)
        usedAllowances = try container.decodeIfPresent([AllowanceUseColumns].self, forKey: .usedAllowances)
        if let usedAllowances, usedAllowances.map(\.days.count).reduce(0, +) > AllowanceUseDay.maximumRows {
            throw DecodingError.dataCorruptedError(
                forKey: .usedAllowances, in: container,
                debugDescription: "more than \(AllowanceUseDay.maximumRows) days")
        }
        waived = try container.decodeIfPresent([AdministeredSummary].self, forKey: .waived)
        if let waived, waived.count > AdministratorSchedule.maximumCount {
            throw DecodingError.dataCorruptedError(
                forKey: .waived, in: container,
                debugDescription: "more than \(AdministratorSchedule.maximumCount) windows")
        }
        error = try container.decodeIfPresent(ProtocolFailure.self, forKey: .error)
        guard try container.decode(Bool.self, forKey: .ok) == (error == nil) else {
            throw DecodingError.dataCorruptedError(
                forKey: .ok, in: container,
                debugDescription: "'ok' disagrees with 'error'")
        }
    }

    /// Encodes `ok` explicitly, so that scripts can test one field.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(version, forKey: .version)
        try container.encode(ok, forKey: .ok)
        try container.encode(sessions, forKey: .sessions)
        try container.encode(notes, forKey: .notes)
        try container.encodeIfPresent(focus, forKey: .focus)
        try container.encodeIfPresent(resolverModule, forKey: .resolverModule)
        try container.encodeIfPresent(allowances, forKey: .allowances)
        try container.encodeIfPresent(usedAllowances, forKey: .usedAllowances)
        try container.encodeIfPresent(waived, forKey: .waived)
        try container.encodeIfPresent(error, forKey: .error)
    }
}

extension HelperResponse {
    /// The answer as `HelperProtocol.encoder()` encodes it, byte for byte,
    /// with the focus columns written by `FocusColumns.json()` (a
    /// 100,000-session answer in milliseconds instead of a quarter of a
    /// second): the rest encoded without them, the columns put where
    /// sorted keys put them, first in an answer without `error`.
    public func json() throws -> Data {
        Data(try jsonBytes())
    }

    /// `json()`'s bytes, with room for one more (the helper's newline), so
    /// that a 6 MB answer is written without being copied again.
    public func jsonBytes() throws -> [UInt8] {
        guard let focus, error == nil else { return Array(try HelperProtocol.encoder().encode(self)) }
        var rest = self
        rest.focus = nil
        let envelope = try HelperProtocol.encoder().encode(rest)
        guard envelope.first == UInt8(ascii: "{") else { return Array(try HelperProtocol.encoder().encode(self)) }
        var bytes = Array(#"{"focus":"#.utf8)
        try focus.write(into: &bytes)
        bytes.append(UInt8(ascii: ","))
        bytes.append(contentsOf: envelope.dropFirst())
        bytes.reserveCapacity(bytes.count + 1)
        return bytes
    }
}
