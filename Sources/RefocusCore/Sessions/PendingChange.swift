#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A loosening asked of a session that waits before it applies: a stop of
/// a session with a delay, a pause of one, or the emergency exit from a
/// locked session. Until `effectiveAt` the session keeps blocking; the
/// daemon applies the change then (on the boot-time clock: `SessionClock`
/// moves `effectiveAt` with the wall clock, so setting the clock does not
/// shorten the wait), and `refocus stop --cancel` withdraws it before.
public struct PendingChange: Codable, Sendable, Equatable {
    /// What the change does when it applies.
    public enum Kind: String, Codable, Sendable, CaseIterable {
        /// Ends the session (outcome `stopped`).
        case stop
        /// Ends a locked session through its emergency exit (outcome `emergency`).
        case emergency
        /// Pauses the session.
        case pause
        /// The session's lists loosen to those it was last started with
        /// (`Session.pendingLists`): a start of the same lists that took
        /// entries away (or, for an allowlist, added some) waits its delay.
        case loosen
    }

    /// The longest wait a change may have, in seconds: a day.
    public static let maximumDelay = 86_400

    /// What it does.
    public var kind: Kind
    /// When its owner asked for it.
    public var requestedAt: Date
    /// When it applies.
    public var effectiveAt: Date
    /// Why the owner takes the emergency exit; nil for the other kinds.
    public var reason: EmergencyReason?

    /// A pending change; `reason` belongs to an emergency exit only.
    public init(kind: Kind, requestedAt: Date, effectiveAt: Date, reason: EmergencyReason? = nil) {
        self.kind = kind
        self.requestedAt = requestedAt
        self.effectiveAt = effectiveAt
        self.reason = reason
    }

    private enum CodingKeys: String, CodingKey, CaseIterable { case kind, requestedAt, effectiveAt, reason }

    /// Decodes strictly: no unknown field, a reason for an emergency exit
    /// and for nothing else, and a change that applies no earlier than it
    /// was asked for.
    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        kind = try container.decode(Kind.self, forKey: .kind)
        requestedAt = try container.decode(Date.self, forKey: .requestedAt)
        effectiveAt = try container.decode(Date.self, forKey: .effectiveAt)
        reason = try container.decodeIfPresent(EmergencyReason.self, forKey: .reason)
        if (kind == .emergency) != (reason != nil) {
            throw DecodingError.dataCorruptedError(
                forKey: .reason, in: container,
                debugDescription: kind == .emergency
                    ? "an emergency exit needs its reason" : "only an emergency exit has a reason")
        }
        guard effectiveAt >= requestedAt else {
            throw DecodingError.dataCorruptedError(
                forKey: .effectiveAt, in: container, debugDescription: "a change cannot apply before it was asked for")
        }
    }

    /// Writes the fields; `reason` only when there is one.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encode(requestedAt, forKey: .requestedAt)
        try container.encode(effectiveAt, forKey: .effectiveAt)
        try container.encodeIfPresent(reason, forKey: .reason)
    }
}
