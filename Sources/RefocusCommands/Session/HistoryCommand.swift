import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RefocusCore
import RefocusOS

/// `refocus history`: your ended sessions, newest first.
struct HistoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "Show your ended sessions, newest first.",
        discussion: """
            One line per session: its id, lists, start, how long it really ran (and of how \
            long when it ended early) and how it ended: completed (ran to its end), stopped \
            ('refocus stop') or cleared (by root); then, for a pomodoro session, the work \
            phases it ran to their end (3/4 work phases), and for a paused one how often \
            and how long (paused 2 times for 12m). Root sees everyone's sessions. Runs \
            refocus-helper through sudo -n, like 'refocus status'.

            --json prints an array, newest first, of objects with these keys: id, owner \
            (uid), lists (names), start, plannedEnd, endedAt (ISO 8601, UTC), seconds (how \
            long it ran), plannedSeconds, locked, outcome (completed, stopped or cleared), \
            entries and programs (how many distinct entries and programs its lists blocked; \
            absent for sessions recorded before they were counted), label (what the \
            session was for, when it had one), pomodoro (a pomodoro session's plan: work, \
            shortBreak, cycles and longBreak, lengths in seconds) with completedWork (the \
            work phases it ran to their end), and pauses and pausedSeconds (how often and \
            how long it was paused, when it was), and mode (block, or allow for an \
            allowlist session). History keeps these \
            counts and the lists' names, not the lists' contents. Keys are only ever added.

            --csv prints the same as CSV (RFC 4180: comma-separated, CRLF line ends, UTF-8): \
            a header row of those keys, in that order, then one row per session. A key \
            --json leaves out is an empty field; lists are joined by ';' (social;news), \
            pomodoro is the plan as 'refocus status' shows it (25m/5m x4, 15m long break), \
            locked is true or false. A field holding a comma, a double quote or a line \
            break (a label may hold commas and quotes) is put between double quotes, its \
            quotes doubled. Times are in UTC (2026-05-10T09:00:00Z, as in --json); with \
            --local, in this machine's time zone with their offset (2026-05-10T11:00:00+02:00). \
            --csv and --json are exclusive, and --local goes only with --csv.

            Examples:
              refocus history
              refocus history --since today
              refocus history --since 2026-05-01 --limit 1000
              refocus history --since 7d --json | jq 'map(.seconds) | add'
              refocus history --json | jq 'map(.completedWork // 0) | add'
              refocus history --csv --limit 10000 > history.csv
              refocus history --csv --local --since 2026-05-01

            A history that cannot be read is one line on stderr naming the fix, and nothing \
            on stdout: no helper, sudo refused, a damaged session store, a helper that \
            failed or answered what this refocus cannot read, or a helper of another version.

            \(ExitStatus.helpLine(for: .refocus, [.usage, .busy],
                                  notes: [.success: "also with no session",
                                          .dataError: "a bad --since, or a damaged session store",
                                          .systemError: "the helper failed or gave an answer refocus cannot read",
                                          .notPermitted: "sudo refused",
                                          .configuration: "the helper or sudo is not installed, or of another version"]))
            """)

    @Option(help: ArgumentHelp("The most sessions to show, 1 to \(HelperProtocol.maximumHistory).",
                               valueName: "N"))
    var limit = 20

    @Option(help: ArgumentHelp("Only sessions started since then: YYYY-MM-DD, today, yesterday, "
                                   + "or a time ago such as 7d, 36h or 90m.", valueName: "DATE"),
            completion: .list(["today", "yesterday", "7d", "30d"]))
    var since: String?

    @Flag(help: "Print JSON for scripts: an array of sessions (keys above).")
    var json = false

    @Flag(help: ArgumentHelp("Print CSV (RFC 4180) for spreadsheets and scripts: a header row of the --json "
                                 + "keys, then a row per session."))
    var csv = false

    @Flag(help: "With --csv, write times in local time with their UTC offset rather than in UTC.")
    var local = false

    func validate() throws {
        guard (1...HelperProtocol.maximumHistory).contains(limit) else {
            throw ValidationError("--limit must be from 1 to \(HelperProtocol.maximumHistory), not \(limit)")
        }
        if csv, json { throw ValidationError("--csv and --json cannot be used together; choose one") }
        if local, !csv { throw ValidationError("--local goes with --csv only: the lines show local times already, and --json is in UTC") }
    }

    /// One session in `--json` and `--csv`: a stable shape, independent of the helper protocol's.
    struct Row: Encodable {
        let session: SessionSummary

        /// The keys of `--json`, in the order of `--csv`'s columns.
        enum Key: String, CodingKey, CaseIterable {
            case id, owner, lists, start, plannedEnd, endedAt, seconds, plannedSeconds, locked, outcome, entries, programs,
                 label, pomodoro, completedWork, pauses, pausedSeconds, mode
        }

        /// When it ended: its planned end when the helper did not say.
        var endedAt: Date { session.endedAt ?? session.plannedEnd }
        /// How long it really ran, in seconds.
        var seconds: Int { SessionFormat.ran(session).seconds }
        /// How long it was planned to run, in seconds.
        var plannedSeconds: Int { SessionFormat.planned(session).seconds }
        /// `completed`, `stopped`, `cleared` (or `ended` when unknown).
        var outcome: String { SessionFormat.outcome(session) }
        /// The work phases a pomodoro session ran to their end; nil for another session.
        var completedWork: Int? { session.progress.pomodoro.map { _ in session.progress.completedWork ?? 0 } }
        /// Its pauses, when it was paused at least once.
        var pause: PauseStatus? { session.progress.pause.flatMap { $0.count > 0 ? $0 : nil } }

        /// The keys above; those that do not apply are left out.
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(session.id, forKey: .id)
            try container.encode(session.owner, forKey: .owner)
            try container.encode(session.lists, forKey: .lists)
            try container.encode(session.start, forKey: .start)
            try container.encode(session.plannedEnd, forKey: .plannedEnd)
            try container.encode(endedAt, forKey: .endedAt)
            try container.encode(seconds, forKey: .seconds)
            try container.encode(plannedSeconds, forKey: .plannedSeconds)
            try container.encode(session.locked, forKey: .locked)
            try container.encode(outcome, forKey: .outcome)
            try container.encodeIfPresent(session.entries, forKey: .entries)
            try container.encodeIfPresent(session.programs, forKey: .programs)
            try container.encodeIfPresent(session.label?.rawValue, forKey: .label)
            try container.encodeIfPresent(session.progress.pomodoro, forKey: .pomodoro)
            try container.encodeIfPresent(completedWork, forKey: .completedWork)
            try container.encodeIfPresent(pause?.count, forKey: .pauses)
            try container.encodeIfPresent(pause?.seconds, forKey: .pausedSeconds)
            try container.encode(session.mode, forKey: .mode)
        }
    }

    func run() throws {
        let now = Date()
        let start = try since.map { try SinceDate.parse($0, now: now, timeZone: MachineTimeZone.current) }
        let response = try HelperClient().send(HistoryRequest(limit: limit, since: start))
        if json { return try Console.json(response.sessions.map(Row.init(session:))) }
        if csv {
            let rows = response.sessions.map(Row.init(session:))
            return print(Row.csv(rows, timeZone: local ? MachineTimeZone.current : nil), terminator: "")
        }
        if response.sessions.isEmpty { return print("No ended session" + (since.map { " since \($0)" } ?? "") + ".") }
        response.sessions.forEach { print(SessionFormat.line($0, now: now)) }
    }
}
