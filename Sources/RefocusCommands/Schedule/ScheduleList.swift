import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RefocusCore
import RefocusOS
import RefocusFeatures

/// `refocus schedule list`: the schedules in the crontab and their next runs.
struct ScheduleList: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "Show your schedules and when each runs next.",
        discussion: """
            Each schedule with its number, its cron expression, what it starts and its \
            next three run times in local time (with the time zone's abbreviation, which \
            tells the two passes of a repeated hour apart). --json prints an array of \
            objects with the keys id, expression, preset, lists, length, until, locked, mode, \
            remind (a reminder's text), atBoot, next (ISO 8601, UTC), program and line \
            (the crontab line); keys are only ever added.

            \(ExitStatus.helpLine(for: .refocus, [.success, .systemError],
                                  notes: [.dataError: "a damaged refocus section in your crontab",
                                          .notPermitted: "crontab refuses you",
                                          .configuration: "crontab is not installed"]))

            Examples:
              refocus schedule list
              refocus schedule list --json | jq -r '.[] | "\\(.id) \\(.next[0])"'
            """)

    @Flag(help: "Print JSON for scripts (keys above).")
    var json = false

    /// One schedule as `--json` prints it.
    struct Row: Encodable {
        let id: Int
        let expression: String
        let preset: String?
        let lists: [BlockListName]?
        let length: String?
        let until: String?
        let locked: Bool?
        /// `allow` for an allowlist session's lists, `block` for block lists; absent otherwise.
        let mode: SessionMode?
        /// A reminder's text; absent for a schedule that starts a session or a sync.
        let remind: String?
        let atBoot: Bool
        let next: [Date]
        let program: String
        let line: String
    }

    func run() throws {
        let now = Date()
        let lines = try Schedules.table().lines
        let rows = lines.map { Self.row($0, now: now) }
        if json { return try Console.json(rows) }
        guard !lines.isEmpty else {
            return print("No schedules. Add one: refocus schedule add \"30 8 * * mon-fri\" --list social 3h")
        }
        let ownProgram = try? RunningProgram.path()
        for (line, row) in zip(lines, rows) {
            print("#\(row.id) \(row.expression): \(line.entry.action)")
            if line.program != ownProgram { print("  runs \(line.program)") }
            print("  next: " + Schedules.describeRuns(line.entry.expression, row.next))
        }
    }

    /// The JSON row of a schedule line.
    static func row(_ line: ScheduledLine, now: Date) -> Row {
        let entry = line.entry
        var (preset, lists, length, until, locked): (String?, [BlockListName]?, String?, String?, Bool?)
        var mode: SessionMode?
        var remind: String?
        switch entry.action {
        case .sync, .syncWatch:
            break
        case let .remind(text):
            remind = text.rawValue
        case let .preset(name):
            preset = name
        case let .lists(names, end, lock, kind):
            (lists, locked, mode) = (names, lock, kind)
            switch end {
            case let .length(value): length = value.description
            case .until: until = end.arguments.last
            }
        }
        let atBoot = entry.expression.schedule == .atBoot
        return Row(
            id: entry.id, expression: entry.expression.text, preset: preset, lists: lists, length: length,
            until: until, locked: locked, mode: mode, remind: remind, atBoot: atBoot,
            next: Schedules.nextRuns(entry.expression, now: now),
            program: line.program, line: line.text)
    }
}
