import Foundation
import GRDB
import RefocusCore
import RefocusPlanning

/// A session row's pending change, and the lists a pending loosening takes.
extension SessionTransaction {
    /// A row's pending change (or the one that ended it): none when its
    /// columns are empty, an error when they are incomplete or break its rules.
    static func pending(_ row: Row, id: Int64) throws -> PendingChange? {
        guard let kindText = row["pendingKind"] as String? else { return nil }
        guard let kind = PendingChange.Kind(rawValue: kindText), let requestedAt = row["pendingRequestedAt"] as Double?,
            let effectiveAt = row["pendingEffectiveAt"] as Double?, effectiveAt >= requestedAt
        else { throw StoreError.failed(path: "session \(id)", reason: "its pending change is incomplete") }
        var reason: EmergencyReason?
        if let text = row["pendingReason"] as String? {
            do {
                reason = try EmergencyReason(text)
            } catch {
                throw StoreError.failed(
                    path: "session \(id)", reason: "its emergency exit's reason is invalid: \(error)")
            }
        }
        guard (kind == .emergency) == (reason != nil) else {
            throw StoreError.failed(path: "session \(id)", reason: "its pending change's reason does not fit its kind")
        }
        return PendingChange(
            kind: kind, requestedAt: Date(timeIntervalSince1970: requestedAt),
            effectiveAt: Date(timeIntervalSince1970: effectiveAt), reason: reason)
    }

    /// The lists of a row's pending loosening: an error when they are missing or do not decode.
    static func pendingLists(_ row: Row, id: Int64) throws -> [BlockList] {
        guard let text = row["pendingLists"] as String? else {
            throw StoreError.failed(path: "session \(id)", reason: "its pending loosening has no lists")
        }
        do {
            return try StoredLists.decode(text)
        } catch {
            throw StoreError.failed(
                path: "session \(id)", reason: "its pending loosening's lists do not decode: \(error)")
        }
    }
}
