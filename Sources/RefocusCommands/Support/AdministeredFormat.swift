#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RefocusCore
import RefocusProtocol

/// How `refocus status` shows the administrator's schedules in force: only
/// those that bind the member reading it, each on one line that says who
/// set it and until when.
enum AdministeredFormat {
    /// `snapshot` with only the schedules that bind `uid`.
    static func own(_ snapshot: StatusSnapshot, uid: UInt32) -> StatusSnapshot {
        var snapshot = snapshot
        let own = (snapshot.administered ?? []).filter { $0.uids.contains(uid) }
        snapshot.administered = own.isEmpty ? nil : own
        return snapshot
    }

    /// `games set until 07:00`: for a status bar.
    static func brief(_ summary: AdministeredSummary, now: Date) -> String {
        "\(summary.lists.map(\.rawValue).joined(separator: ", ")) set until \(SessionFormat.time(summary.end, now: now))"
    }

    /// `school-nights (games), set by the administrator until 07:00, locked`.
    static func line(_ summary: AdministeredSummary, now: Date) -> String {
        let lists = summary.lists.map(\.rawValue).joined(separator: ", ")
        return "\(summary.name) (\(lists)), set by the administrator until \(SessionFormat.time(summary.end, now: now))"
            + (summary.locked ? ", locked" : "")
    }
}
