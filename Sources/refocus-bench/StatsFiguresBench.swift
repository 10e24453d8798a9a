import Foundation
import RefocusCore
import RefocusOS

/// `refocus-bench stats-figures`: times `FocusStats` over 100,000 sessions spread over ten years in
/// Europe/Berlin (every DST day included), and the recap over the same, in the machine's zone as `refocus`
/// has it (glibc's `localtime_r`, TZ set to Europe/Berlin for the run) and in ICU's (Foundation's
/// `TimeZone`, which `refocus` linked before), with the local day of each session's start as a look-up of its own.
enum StatsFiguresBench {
    static func run(_ options: BenchMain.Options) throws {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let count = options.checkOnly ? 1000 : 100_000
        let span = 10 * 365.25 * 86_400
        let lists = try ["social", "news"].map { try BlockListName($0) }
        let records = (0..<count).map { index in
            // Ten sessions a day, some across midnight: 25 minutes to 3 hours.
            let start = now.addingTimeInterval(-span + span * Double(index) / Double(count))
            let length = Double(1500 + index % 7 * 1500)
            return FocusRecord(
                id: Int64(index), start: start, end: start.addingTimeInterval(length),
                focusedSeconds: Int(length * 0.9), outcome: index % 9 == 0 ? .stopped : .completed,
                lists: [lists[index % 2]],
                blocked: BlockedCounts(attempts: UInt64(index % 5), programsKilled: index % 3))
        }
        let previous = getenv("TZ").map { String(cString: $0) }
        setenv("TZ", "Europe/Berlin", 1)
        defer {
            if let previous { setenv("TZ", previous, 1) } else { unsetenv("TZ") }
            tzset()
        }
        let zones = [
            ("glibc", MachineTimeZone.current), ("ICU", LocalZone(TimeZone(identifier: "Europe/Berlin") ?? .gmt)),
        ]
        for (source, zone) in zones {
            let calendar = FocusCalendar(timeZone: zone, firstWeekday: 2)
            var stats: FocusStats?
            let seconds = Measure.median(runs: options.checkOnly ? 1 : 5) {
                stats = FocusStats(records: records, now: now, calendar: calendar, options: .init(weeks: 37))
            }
            let recap = Measure.median(runs: options.checkOnly ? 1 : 5) {
                _ = FocusStats.recap(records: records, now: now, calendar: calendar)
            }
            let groups = Measure.median(runs: options.checkOnly ? 1 : 5) { _ = FocusGroup.of(records, by: .list) }
            var days = 0
            let lookups = Measure.median(runs: options.checkOnly ? 1 : 5) {
                days = Set(records.map { zone.day(of: $0.start) }).count
            }
            print(
                String(
                    format:
                        "stats figures (%@'s %@): %d sessions over 10 years: %.3f s (recap %.3f s, --by list %.3f s); "
                        + "longest streak %d days; the local day of each start %.3f s (%d days)",
                    source, zone.name, count, seconds, recap, groups, stats?.streak.longest ?? 0, lookups, days))
        }
    }
}
