import Foundation
import RefocusCore
import RefocusFeatures

/// `CronExpression` (what `refocus schedule add` is given) and its
/// `nextRuns` across a clock change, and `ScheduledLine(parsing:)` (each
/// line of the crontab's refocus section): an expression's text parses back
/// to the same expression, its next runs come after now in order, and a
/// line read back is the same line.
enum CronFuzz: FuzzTarget {
    static let name = "cron"

    /// Just before Europe/Berlin's clock jumps forward (2026-03-29, 02:00 becomes 03:00).
    static let now = Date(timeIntervalSince1970: 1_774_740_000)
    static let zone = LocalZone(TimeZone(identifier: "Europe/Berlin") ?? .gmt)

    static func fuzz(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        if let expression = try? CronExpression(text) {
            FuzzCheck.require(
                (try? CronExpression(expression.text)) == expression,
                "the text \(expression.text) parses back to the same expression", input: bytes)
            let runs = expression.nextRuns(after: now, in: zone, count: 3)
            FuzzCheck.require(
                runs.allSatisfy { $0 > now } && runs == runs.sorted(),
                "the next runs of \(expression) come after now, in order: \(runs)", input: bytes)
        }
        if let line = ScheduledLine(parsing: text) {
            FuzzCheck.require(ScheduledLine(parsing: line.text) == line, "a schedule line reads back", input: bytes)
        }
    }
}
