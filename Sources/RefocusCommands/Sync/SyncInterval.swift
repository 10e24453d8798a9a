import Glibc
import RefocusCore
import RefocusOS
import RefocusFeatures

/// `refocus sync --every`: the crontab line that runs `refocus sync -q`,
/// kept in the refocus section that `refocus schedule` uses.
enum SyncInterval {
    /// The cron expression for `15m`, `2h`: minutes that divide an hour, hours that divide a day.
    static func expression(_ text: String) -> CronExpression? {
        guard let unit = text.last, let count = Int(text.dropLast()), count > 0 else { return nil }
        switch unit {
        case "m" where 60 % count == 0 && count < 60:
            return try? CronExpression(count == 1 ? "* * * * *" : "*/\(count) * * * *")
        case "h" where 24 % count == 0 && count < 24:
            return try? CronExpression(count == 1 ? "0 * * * *" : "0 */\(count) * * *")
        default: return nil
        }
    }

    /// Puts the sync line at `expression` in the crontab, replacing any earlier one; nil removes it.
    static func set(_ expression: CronExpression?, output: OutputOptions) throws {
        var table = try Schedules.table()
        let old = table.lines.filter { $0.entry.action == .sync }.map(\.entry.id)
        var bytes = table.crontab.original
        for id in old {
            bytes = try table.removing(id: id)
            table = try ScheduleTable(crontab: bytes)
        }
        guard let expression else {
            if !old.isEmpty { try UserCrontab.write(bytes) }
            output.report(old.isEmpty ? "No sync schedule to remove" : "Removed the sync schedule")
            return
        }
        _ = try SyncSetup.settings()
        let line = try Schedules.line(for: ScheduleEntry(id: table.nextID, expression: expression, action: .sync))
        try UserCrontab.write(try table.adding(line))
        output.report("Added schedule #\(line.entry.id): \(expression) sync")
    }

    /// Seconds since 1970.
    static func now() -> Int { Int(time(nil)) }
}
