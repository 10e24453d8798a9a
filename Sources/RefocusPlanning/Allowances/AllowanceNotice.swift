#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RefocusCore

/// The desktop notifications of a daily allowance: when counting crosses
/// 5 minutes left (only for an allowance longer than that), and when the
/// day's allowance is used and the list blocked until the reset.
public enum AllowanceNotice {
    /// 5 minutes of today's allowance of `list` are left.
    public static func fewMinutesLeft(_ list: BlockListName) -> SessionNotice {
        let minutes = Int(AllowanceTally.warning.components.seconds / 60)
        return SessionNotice(
            title: "Daily allowance", body: "'\(list)': \(minutes) minutes of today's allowance left")
    }

    /// Today's allowance of `list` is used; it is blocked until `resetsAt` (shown in `zone`).
    public static func spent(_ list: BlockListName, resetsAt: Date, zone: LocalZone) -> SessionNotice {
        SessionNotice(
            title: "Daily allowance",
            body: "'\(list)': today's allowance is used; blocked until \(zone.clock(of: resetsAt))")
    }
}
