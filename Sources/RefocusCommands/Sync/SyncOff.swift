import ArgumentParser
import RefocusCore
import RefocusOS

/// `refocus sync off`: `[sync]` removed, and cron's sync line with it.
struct SyncOff: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "off",
        abstract: "Stop syncing: remove [sync] from config.toml, the sync lines from your crontab, the service.",
        discussion: """
            Your lists stay as they are, here and on the other side. The last synced copies \
            stay in $XDG_STATE_HOME/refocus/sync, so a later 'refocus sync init' with the same \
            place merges from where you left off.

            \(ExitStatus.helpLine(for: .refocus, [.success, .systemError],
                                  notes: [.configuration: "config.toml cannot be read, or crontab is not installed"]))

            Examples:
              refocus sync off
            """)

    @OptionGroup var output: OutputOptions

    func run() throws {
        let path = try UserPresets.path()
        let (config, text) = try UserConfig.load(path: path)
        if config.sync != nil {
            var document = TOMLText(text)
            document.removeTable("sync")
            try UserConfig.write(document.text, to: path)
        }
        if (try? Schedules.table())?.lines.contains(where: { $0.entry.action == .sync }) == true {
            try SyncInterval.set(nil, output: OutputOptions(quiet: true))
        }
        if try SyncService.remove() { output.report("Removed the service that ran 'refocus sync --watch'") }
        output.report(config.sync == nil ? "Sync was off" : "Sync is off; your lists stay as they are")
    }
}
