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
        if expression != nil { _ = try SyncSetup.settings() }
        let (removed, added) = try Schedules.replace(.sync, with: expression)
        guard let added else {
            return output.report(removed == 0 ? "No sync schedule to remove" : "Removed the sync schedule")
        }
        output.report("Added schedule #\(added.entry.id): \(added.entry.expression) sync")
    }

    /// Seconds since 1970.
    static func now() -> Int { Int(time(nil)) }
}
