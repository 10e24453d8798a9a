import ArgumentParser
import RefocusCore
import RefocusOS
import RefocusFeatures

/// `refocus sync [now] [--every 15m|off]`: one sync, or cron's interval for it.
struct SyncNow: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "now",
        abstract: "Sync the lists and history now (the default), or set how often cron syncs them.",
        discussion: """
            Pulls the other machines' lists, merges each with yours, publishes the result and \
            then changes your .domains files: only their entries' lines, never their comments, \
            never a .programs file. A remote line that is not a valid entry (a public suffix, \
            bad characters, a path) is reported with its file and line and skipped; a file \
            caught half written is skipped for this round; neither deletes anything here. \
            Two syncs at once wait for each other. A sync during a session changes the lists; \
            the session keeps the entries it started with. Then your ended sessions of the \
            last 13 months are published (history/MACHINE/YYYY-MM.jsonl, only the months that \
            changed) for 'refocus stats --all-machines'; a failure there is one line on stderr.

            With --every, nothing is synced: a line that runs 'refocus sync -q' is added to \
            the refocus section of your crontab (replacing an earlier one), or removed with \
            'off'. It shows in 'refocus schedule list'.

            \(ExitStatus.helpLine(for: .refocus, [.success, .usage, .systemError],
                                  notes: [.dataError: "remote lines or files were skipped (the rest was synced), "
                                              + "or a bad config.toml or --every",
                                          .notFound: "the sync folder is missing (nothing changed)",
                                          .busy: "another sync held the lock for 30 seconds, or the remote kept moving",
                                          .configuration: "sync is not set up"]))

            Examples:
              refocus sync
              refocus sync -q                 # as cron runs it
              refocus sync --every 15m        # also 5m, 30m, 1h, 2h ...
              refocus sync --every off
            """)

    @Option(
        help: ArgumentHelp(
            "Have cron sync this often (minutes dividing an hour, or hours dividing a day), or 'off'.",
            valueName: "interval"),
        completion: .list(["5m", "15m", "30m", "1h", "off"]))
    var every: String?

    @OptionGroup var output: OutputOptions

    func validate() throws {
        if let every, every != "off", SyncInterval.expression(every) == nil {
            throw ValidationError(
                "--every takes minutes that divide an hour (5m, 15m, 30m), hours that divide "
                    + "a day (1h, 2h, 6h), or off; not '\(every)'")
        }
    }

    func run() throws {
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
        let result = report.skippedSomething ? "synced, with lines or files skipped" : "ok"
        try state.recordLast(
            time: SyncInterval.now(),
            result: result + " (\(report.local.count) here, "
                + "\(report.remote.count) published)" + history)
        if report.skippedSomething { throw SyncSkipped() }
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
