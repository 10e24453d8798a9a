#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RefocusCore
import RefocusOS
import RefocusProtocol

/// How daily allowances are shown to a person: by `refocus allow-daily`, in
/// the "Daily allowances" section of `refocus status`, and briefly in the
/// status line. A summary was made earlier (by the daemon for the status
/// file, by the helper for its answer); what it says is worked out again at
/// the moment it is shown, as a session's time left is.
enum AllowanceFormat {
    /// What an allowance is at a moment.
    enum State: Equatable {
        /// Time is left and no program of the list runs now.
        case open
        /// A program of the list runs now: the time left goes down.
        case counting
        /// Today's allowance is used: the list is blocked until the reset.
        case spent(until: Date)
    }

    /// An allowance at a moment: the seconds used and left today, and its state.
    struct Reading: Equatable {
        /// Seconds used since the last reset, at most the daily allowance.
        let used: Int
        /// Seconds left today.
        let left: Int
        /// Open, counting, or spent.
        let state: State
        /// The next reset; nil when the summary's has passed (the summary
        /// does not say the one after it).
        let resetsAt: Date?
    }

    /// `allowance` as it stands at `now` (`AllowanceSummary.used(at:)`): while
    /// counting, the time since `countingSince` is added to the time used, up
    /// to the daily allowance, when it reads as spent, as the daemon is about
    /// to make it; once its reset has passed (a summary the daemon did not
    /// replace since), the day's use has started again from nothing.
    static func reading(_ allowance: AllowanceSummary, now: Date) -> Reading {
        let daily = allowance.dailySeconds
        let state: State = allowance.countingSince == nil ? .open : .counting
        guard now < allowance.resetsAt else {
            var fresh = allowance
            (fresh.usedSeconds, fresh.spent) = (0, false)
            fresh.countingSince = allowance.countingSince.map { max($0, allowance.resetsAt) }
            let used = fresh.used(at: now)
            return Reading(used: used, left: daily - used, state: state, resetsAt: nil)
        }
        let used = allowance.used(at: now)
        if allowance.spent || used >= daily {
            return Reading(used: daily, left: 0, state: .spent(until: allowance.resetsAt), resetsAt: allowance.resetsAt)
        }
        return Reading(used: used, left: daily - used, state: state, resetsAt: allowance.resetsAt)
    }

    /// `video: 18m left of 30m a day (12m used), counting, resets at 00:00`;
    /// `games: spent (1h a day), blocked until 04:00`; `, locked until
    /// 00:00` after either while it is locked for the day, `, set by the
    /// administrator` for one of the policy's (locked at all times).
    static func line(_ allowance: AllowanceSummary, now: Date) -> String {
        let reading = Self.reading(allowance, now: now)
        let daily = SessionLength(seconds: allowance.dailySeconds)
        var parts: [String]
        switch reading.state {
        case .spent(let until):
            parts = ["\(allowance.list): spent (\(daily) a day), blocked until \(time(until, now: now))"]
        case .open, .counting:
            parts = [
                "\(allowance.list): \(SessionLength(seconds: reading.left)) left of \(daily) a day "
                    + "(\(SessionLength(seconds: reading.used)) used)"
            ]
            if reading.state == .counting { parts.append("counting") }
            if let resets = reading.resetsAt { parts.append("resets at \(time(resets, now: now))") }
        }
        if allowance.setByAdministrator == true {
            parts.append("set by the administrator")
        } else if let locked = allowance.lockedUntil, locked > now {
            parts.append("locked until \(time(locked, now: now))")
        }
        return parts.joinedText(", ")
    }

    /// The status line's words for `allowance`: `video 12m left` while
    /// counting, `video spent until 00:00` when spent; nil while it is
    /// open and not counting, which a status bar leaves out.
    static func brief(_ allowance: AllowanceSummary, now: Date) -> String? {
        let reading = Self.reading(allowance, now: now)
        switch reading.state {
        case .open: return nil
        case .counting: return "\(allowance.list) \(SessionLength(seconds: reading.left)) left"
        case .spent(let until): return "\(allowance.list) spent until \(time(until, now: now))"
        }
    }

    /// `00:00` for a moment within the next day (a reset always is, and a
    /// lock's end), in local time on a 24-hour clock; else as
    /// `SessionFormat.time` writes it (`Mon 00:00`).
    static func time(_ date: Date, now: Date) -> String {
        let ahead = date.timeIntervalSince(now)
        return ahead >= 0 && ahead < 86_400 ? LocalTime(date).clock : SessionFormat.time(date, now: now)
    }

    /// `snapshot` with the daily allowances of `owner` alone, by list name:
    /// the status file holds every owner's, and shows the caller their own.
    static func own(_ snapshot: StatusSnapshot, owner: UInt32) -> StatusSnapshot {
        var snapshot = snapshot
        let own = sorted((snapshot.allowances ?? []).filter { $0.owner == owner })
        snapshot.allowances = own.isEmpty ? nil : own
        return snapshot
    }

    /// `allowances` by list name.
    static func sorted(_ allowances: [AllowanceSummary]) -> [AllowanceSummary] {
        allowances.sorted { $0.list.rawValue < $1.list.rawValue }
    }
}
