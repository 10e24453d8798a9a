import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RefocusCore
import RefocusOS
import RefocusProtocol

/// `refocus history`: your ended sessions, newest first.
struct HistoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "Show your ended sessions, newest first.",
        usage: UsageLine.wrapped(
            "refocus history [--limit <N>] [--since <DATE>] [--json] [--csv] [--local] [--all-machines]"),
        discussion: """
            One line per session: its id, lists, start, how long it ran (of how long, \
            when it ended early) and how it ended: completed, stopped, emergency (an \
            emergency exit, with its reason) or cleared (by root); a pomodoro session's \
            work phases, a paused one's pauses. Root sees everyone's. --json and --csv print the same for scripts and spreadsheets \
            (CSV: RFC 4180, CRLF line ends, times in UTC or with --local in local time); \
            'man refocus' (JSON OUTPUT) lists their keys. A history that cannot be read \
            is one line on stderr naming the fix.

            Examples:
              refocus history --since today
              refocus history --since 7d --json | jq 'map(.seconds) | add'
              refocus history --csv --limit 10000 > history.csv
              refocus history --csv --local --since 2026-05-01
              refocus history --all-machines  # your other machines' too

            \(ExitStatus.helpLine(for: .refocus, [.usage, .busy],
                                  notes: [.success: "also with no session",
                                          .dataError: "a bad --since, or a damaged session store",
                                          .systemError: "the helper failed or gave an answer refocus cannot read",
                                          .notPermitted: "sudo refused",
                                          .configuration: "the helper or sudo is not installed, or of another version"]))
            """)

    @Option(
        help: ArgumentHelp(
            "The most sessions to show, 1 to \(HelperProtocol.maximumHistory).",
            valueName: "N"))
    var limit = 20

    @Option(
        help: ArgumentHelp("Since YYYY-MM-DD, today, yesterday, or 7d, 36h, 90m ago.", valueName: "DATE"),
        completion: .list(["today", "yesterday", "7d", "30d"]))
    var since: String?

    @Flag(help: "Print JSON for scripts: an array of sessions.")
    var json = false

    @Flag(help: "Print CSV for spreadsheets: the --json keys as columns.")
    var csv = false

    @Flag(help: "With --csv, times in local time with their offset.")
    var local = false

    @Flag(help: "Also the sessions of your other machines that sync (as of the last 'refocus sync').")
    var allMachines = false

    func validate() throws {
        guard (1...HelperProtocol.maximumHistory).contains(limit) else {
            throw ValidationError("--limit must be from 1 to \(HelperProtocol.maximumHistory), not \(limit)")
        }
        if csv, json { throw ValidationError("--csv and --json cannot be used together; choose one") }
        if allMachines, csv {
            throw ValidationError("--all-machines goes with the lines or --json, not --csv")
        }
        if local, !csv {
            throw ValidationError(
                "--local goes with --csv only: the lines show local times already, and --json is in UTC")
        }
    }

    /// One session in `--json` and `--csv`: a stable shape, independent of the helper protocol's.
    struct Row: Encodable {
        let session: SessionSummary

        /// The keys of `--json`, in the order of `--csv`'s columns.
        enum Key: String, CodingKey, CaseIterable {
            case id, owner, lists, start, plannedEnd, endedAt, seconds, plannedSeconds, locked, outcome, entries,
                programs,
                label, pomodoro, completedWork, pauses, pausedSeconds, mode, reason
        }

        /// When it ended: its planned end when the helper did not say.
        var endedAt: Date { session.endedAt ?? session.plannedEnd }
        /// How long it really ran, in seconds.
        var seconds: Int { SessionFormat.ran(session).seconds }
        /// How long it was planned to run, in seconds.
        var plannedSeconds: Int { SessionFormat.planned(session).seconds }
        /// `completed`, `stopped`, `emergency`, `cleared` (or `ended` when unknown).
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
            try container.encodeIfPresent(session.reason?.rawValue, forKey: .reason)
        }
    }

    func run() throws {
        let now = Date()
        let start = try since.map { try SinceDate.parse($0, now: now, timeZone: MachineTimeZone.current) }
        let store = allMachines ? try AllMachinesHistory() : nil
        let response = try HelperClient().send(HistoryRequest(limit: limit, since: start))
        if let store {
            let all = try HistoryAllMachines(
                local: response.sessions, store: store, since: start, now: now, limit: limit)
            for problem in all.problems { Console.error("history: \(problem)") }
            if json { return try Console.json(all.rows) }
            if all.entries.isEmpty { return print("No ended session" + (since.map { " since \($0)" } ?? "") + ".") }
            return all.lines(now: now).forEach { print($0) }
        }
        if json { return try Console.json(response.sessions.map(Row.init(session:))) }
        if csv {
            let rows = response.sessions.map(Row.init(session:))
            return print(Row.csv(rows, timeZone: local ? MachineTimeZone.current : nil), terminator: "")
        }
        if response.sessions.isEmpty { return print("No ended session" + (since.map { " since \($0)" } ?? "") + ".") }
        response.sessions.forEach { print(SessionFormat.line($0, now: now)) }
    }
}
