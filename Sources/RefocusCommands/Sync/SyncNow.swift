import ArgumentParser
import RefocusCore
import RefocusOS
import RefocusFeatures

/// `refocus sync [now] [--every 15m|off]`: one sync, or cron's interval for it.
struct SyncNow: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "now",
        abstract: "Sync lists, history and sessions now, or set cron's interval.",
        usage: UsageLine.wrapped("refocus sync now [--every <interval>] [--watch] [--install-service] [--quiet]"),
        discussion: """
            Pulls the other machines' lists, merges each with yours, publishes the result \
            and changes only the entries' lines of your .domains files. A bad remote line \
            or half-written file is reported and skipped; nothing is deleted for it. Then \
            it publishes your ended sessions (for 'stats --all-machines') and applies, \
            through the helper and as you, the sessions your other machines started with \
            --everywhere and their stops, pauses and resumes. --watch keeps applying them \
            as they arrive (a folder at once; a git remote every --every, 1m by default).

            With --every alone, nothing is synced: a crontab line runs 'refocus sync -q' \
            (shown in 'refocus schedule list'), or is removed with 'off'.

            \(ExitStatus.helpLine(for: .refocus, [.success, .usage, .systemError],
                                  notes: [.dataError: "remote lines, files or sessions were skipped (the rest was synced), "
                                              + "or a bad config.toml or --every",
                                          .notFound: "the sync folder is missing (nothing changed)",
                                          .busy: "another sync held the lock for 30 seconds, or the remote kept moving",
                                          .configuration: "sync is not set up"]))

            Examples:
              refocus sync
              refocus sync -q                 # as cron runs it
              refocus sync --every 15m        # also 5m, 30m, 1h, 2h ...
              refocus sync --every off
              refocus sync --watch            # follow your sessions as they arrive
            """)

    @Option(
        help: ArgumentHelp(
            "Have cron sync this often (5m, 1h), or 'off'; with --watch, fetch this often (10s).",
            valueName: "interval"),
        completion: .list(["5m", "15m", "30m", "1h", "off"]))
    var every: String?

    @Flag(help: "Keep running: apply the sessions your other machines publish as they arrive.")
    var watch = false

    @Flag(help: "Keep --watch running for you: a systemd user unit, or cron at boot.")
    var installService = false

    @OptionGroup var output: OutputOptions

    /// With --watch, how often a round runs anyway (a git remote is fetched then): --every, else a minute.
    var watchInterval: Int {
        every.flatMap { try? SessionLength.parse($0, bounds: .unbounded).seconds } ?? 60
    }

    func validate() throws {
        if watch && installService { throw ValidationError("give --watch or --install-service, not both") }
        if watch || installService {
            guard
                every.map({ (try? SessionLength.parse($0, bounds: .unbounded).seconds).map { $0 <= 86_400 } ?? false })
                    ?? true
            else {
                throw ValidationError("with --watch, --every takes a length from 1s to 24h, such as 10s or 5m")
            }
            return
        }
        if let every, every != "off", SyncInterval.expression(every) == nil {
            throw ValidationError(
                "--every takes minutes that divide an hour (5m, 15m, 30m), hours that divide "
                    + "a day (1h, 2h, 6h), or off; not '\(every)'")
        }
    }

    func run() throws {
        if installService {
            _ = try SyncSetup.followRound()
            return output.report(try SyncService.install(every: every))
        }
        if watch {
            return try SyncWatchLoop(settings: try SyncSetup.settings(), interval: watchInterval, output: output).run()
        }
        if let every {
            try SyncInterval.set(every == "off" ? nil : SyncInterval.expression(every), output: output)
            return
        }
        let state = try SyncSetup.state()
        let report: ListSync.Report
        do {
            report = try SyncSetup.listSync().run()
        } catch {
            try? state.recordLast(time: SyncInterval.now(), result: "failed: \(error)")
            throw error
        }
        for line in report.local { output.report("here: \(line)") }
        for line in report.remote { output.report("published: \(line)") }
        for message in report.messages { Console.error(message) }
        if report.local.isEmpty && report.remote.isEmpty { output.report("in sync") }
        let history = Self.publishHistory(output: output)
        // The lists were fetched above: the sessions are read from the same fetch.
        let sessions = try SyncSetup.followRound().run(fetching: false)
        for line in sessions.lines { output.report("sessions: \(line)") }
        let result = report.skippedSomething ? "synced, with lines or files skipped" : "ok"
        try state.recordLast(
            time: SyncInterval.now(),
            result: result + " (\(report.local.count) here, "
                + "\(report.remote.count) published)" + history)
        if report.skippedSomething || sessions.refusedSomething { throw SyncSkipped() }
    }
}

extension SyncNow {
    /// Publishes this machine's history (`SyncHistory`); a failure is one
    /// line on stderr and leaves the lists' sync as it was. Returns what the
    /// last sync's result adds: nothing, or that the history was not published.
    fileprivate static func publishHistory(output: OutputOptions) -> String {
        do {
            let outcome = try SyncHistory.publish()
            for path in outcome.published { output.report("published: \(path)") }
            for problem in outcome.problems { Console.error("history: \(problem)") }
            return ""
        } catch {
            Console.error("history not published: \(error)")
            return "; history not published"
        }
    }
}

/// Some remote lines or files were skipped: the exit status says so to cron.
struct SyncSkipped: RefocusError {
    var category: ErrorCategory { .data }
    var description: String {
        "synced, but some remote lines or files were skipped (see above); fix them where they were written"
    }
}
