import Foundation
import RefocusCore
import RefocusEnforcement

/// What `refocus-helper report` shows the administrator, per user: the
/// windows of their schedules the daemon enforced, with the connections
/// refused to the user and their programs stopped, and the use of the
/// daily allowances the policy sets (`[[allowance]]`). Nothing of a user's
/// own sessions or allowances: those are theirs.
struct AdministratorReport: Encodable, Equatable {
    /// One user's part.
    struct User: Encodable, Equatable {
        /// The uid.
        var uid: UInt32
        /// The login name, when the password database has one.
        var name: String?
        /// Each schedule that bound them, with its windows.
        var schedules: [Schedule]
        /// Each of the policy's allowances for them, with its use per day.
        var allowances: [Allowance]
    }

    /// A schedule's windows for one user.
    struct Schedule: Encodable, Equatable {
        var name: String
        var lists: [String]
        /// Seconds enforced over all windows.
        var enforcedSeconds: Int
        /// Connections refused to the user over all windows.
        var refused: UInt64
        /// The user's programs stopped over all windows.
        var programsStopped: Int
        var windows: [Window]

        /// The schedule `name`'s windows `records`, in the order given, with the `waivers` of any.
        init(_ name: BlockListName, _ records: [AdministeredWindowRecord], waivers: [AdministeredWindowKey: Date]) {
            self.name = name.rawValue
            lists = (records.last?.lists ?? []).map(\.rawValue)
            enforcedSeconds = records.map(\.enforcedSeconds).reduce(0, +)
            windows = records.map {
                Window(
                    $0,
                    waivedAt: waivers[
                        AdministeredWindowKey(schedule: name, uid: $0.uid, windowStart: $0.window.lowerBound)])
            }
            refused = windows.map(\.refused).reduce(0, &+)
            programsStopped = windows.map(\.programsStopped).reduce(0, +)
        }
    }

    /// One window: as set, and as enforced.
    struct Window: Encodable, Equatable {
        var start: Date
        var end: Date
        var enforcedFrom: Date
        var enforcedUntil: Date
        var refused: UInt64
        var programsStopped: Int
        /// When the user ended it for themselves (a schedule with `lock = false`).
        var waivedAt: Date?

        /// The window of `record`, waived at `waivedAt`.
        init(_ record: AdministeredWindowRecord, waivedAt: Date?) {
            self.waivedAt = waivedAt
            start = record.window.lowerBound
            end = record.window.upperBound
            enforcedFrom = record.enforced.lowerBound
            enforcedUntil = record.enforced.upperBound
            refused = record.blocked.refused
            programsStopped = record.blocked.programsStopped
        }
    }

    /// An allowance's use per day.
    struct Allowance: Encodable, Equatable {
        var list: String
        var dailySeconds: Int?
        var usedSeconds: Int
        var days: [Day]
    }

    /// One day's use.
    struct Day: Encodable, Equatable {
        var day: String
        var usedSeconds: Int
        var spent: Bool
    }

    /// From when.
    var since: Date
    /// Until when (the report's time).
    var until: Date
    /// The users, by uid.
    var users: [User]

    /// The report of `windows` and `allowances` (per uid), named through `name`.
    init(
        since: Date, until: Date, windows: [AdministeredWindowRecord], waivers: [AdministeredWindowKey: Date] = [:],
        allowances: [UInt32: [AllowanceUseDay]], name: (UInt32) -> String?
    ) {
        self.since = since
        self.until = until
        let uids = Set(windows.map(\.uid)).union(allowances.keys).sorted()
        users = uids.map { uid in
            let own = windows.filter { $0.uid == uid }
            let schedules = Dictionary(grouping: own, by: \.schedule).sorted { $0.key < $1.key }.map {
                Schedule($0.key, $0.value, waivers: waivers)
            }
            let used = Dictionary(grouping: allowances[uid] ?? [], by: \.list).sorted { $0.key < $1.key }.map {
                list, days in
                Allowance(
                    list: list.rawValue, dailySeconds: days.last?.dailySeconds,
                    usedSeconds: days.map(\.usedSeconds).reduce(0, +),
                    days: days.map {
                        Day(day: $0.day.description, usedSeconds: $0.usedSeconds, spent: $0.spent)
                    })
            }
            return User(uid: uid, name: name(uid), schedules: schedules, allowances: used)
        }
    }

    /// The report in words, for a person.
    func text(zone: LocalZone) -> String {
        var lines = [
            "The administrator's sessions and allowances from \(zone.minute(of: since)) to \(zone.minute(of: until)):"
        ]
        if users.isEmpty { lines.append("nothing: no schedule bound anyone, and no allowance of the policy was used") }
        for user in users {
            lines.append("\(user.name ?? "uid \(user.uid)") (\(user.uid))")
            for schedule in user.schedules {
                lines.append(
                    "  \(schedule.name) (\(schedule.lists.joined(separator: ", "))): \(schedule.windows.count) "
                        + (schedule.windows.count == 1 ? "window" : "windows")
                        + ", \(SessionLength(seconds: schedule.enforcedSeconds)) enforced"
                        + Self.blocked(refused: schedule.refused, stopped: schedule.programsStopped))
                for window in schedule.windows {
                    lines.append(
                        "    \(zone.minute(of: window.start)) to \(zone.clock(of: window.end)): enforced "
                            + "\(zone.clock(of: window.enforcedFrom))-\(zone.clock(of: window.enforcedUntil))"
                            + Self.blocked(refused: window.refused, stopped: window.programsStopped)
                            + (window.waivedAt.map { ", waived by the user at \(zone.clock(of: $0))" } ?? ""))
                }
            }
            for allowance in user.allowances {
                let daily = allowance.dailySeconds.map { " of \(SessionLength(seconds: $0)) a day" } ?? ""
                let spent = allowance.days.filter(\.spent).count
                lines.append(
                    "  allowance \(allowance.list)\(daily): \(SessionLength(seconds: allowance.usedSeconds)) used over "
                        + "\(allowance.days.count) " + (allowance.days.count == 1 ? "day" : "days")
                        + (spent > 0 ? ", spent on \(spent)" : ""))
            }
        }
        return lines.joined(separator: "\n")
    }

    /// ", 3 connections refused, 1 program stopped"; nothing when both are 0.
    private static func blocked(refused: UInt64, stopped: Int) -> String {
        var parts: [String] = []
        if refused > 0 { parts.append("\(refused) " + (refused == 1 ? "connection" : "connections") + " refused") }
        if stopped > 0 { parts.append("\(stopped) " + (stopped == 1 ? "program" : "programs") + " stopped") }
        return parts.map { ", " + $0 }.joined()
    }
}
