#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RefocusCore
import RefocusProtocol

/// A session's loosening fields as `SessionSummary` encodes them: `pending`
/// {kind, requestedAt, effectiveAt, reason?}, `reason` (an ended emergency
/// exit's) and `delay`, each absent when it does not apply; checked as
/// `PendingChange`'s decoder checks them.
extension StatusSnapshotReader {
    /// The loosening fields of a session, or nil when one of them is not as the encoder writes it.
    static func loosening(_ fields: JSONValue) -> (pending: PendingChange?, reason: EmergencyReason?, delay: Int?)? {
        var pending: PendingChange?
        if let value = fields.present("pending") {
            guard let change = pendingChange(value) else { return nil }
            pending = change
        }
        var reason: EmergencyReason?
        if let value = fields.present("reason") {
            guard let text = value.string, let parsed = try? EmergencyReason(text) else { return nil }
            reason = parsed
        }
        var delay: Int?
        if let value = fields.present("delay") {
            guard let number = value.integer else { return nil }
            delay = number
        }
        return (pending, reason, delay)
    }

    /// A pending change: only its four keys, a reason for an emergency exit alone, applying no earlier than asked.
    private static func pendingChange(_ value: JSONValue) -> PendingChange? {
        guard case .object(let members) = value,
            members.allSatisfy({ ["kind", "requestedAt", "effectiveAt", "reason"].contains($0.key) }),
            let kind = value["kind"]?.string.flatMap(PendingChange.Kind.init(rawValue:)),
            let requestedAt = date(value["requestedAt"]?.string),
            let effectiveAt = date(value["effectiveAt"]?.string), effectiveAt >= requestedAt
        else { return nil }
        var reason: EmergencyReason?
        if let text = value.present("reason") {
            guard let string = text.string, let parsed = try? EmergencyReason(string) else { return nil }
            reason = parsed
        }
        guard (kind == .emergency) == (reason != nil) else { return nil }
        return PendingChange(kind: kind, requestedAt: requestedAt, effectiveAt: effectiveAt, reason: reason)
    }
}
