import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Glibc
import RefocusCore

/// The `refocus` command: block distracting sites and programs for a while.
public struct Refocus: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "refocus",
        abstract: "Block distracting websites and programs for a focus session.",
        discussion: """
            Six block lists are built in; yours live in ~/.config/refocus/lists. Session \
            commands run the root helper through sudo -n, which never asks for a \
            password: join the group refocus. 'man refocus' tells the rest.

            Examples:
              refocus start --list social 50m       # block social sites for 50 minutes
              refocus list add work reddit.com      # add a domain to your list 'work'

            \(ExitStatus.helpLine(for: .refocus, ExitStatus.documented))
            """,
        version: RefocusVersion.string,
        subcommands: [
            StartCommand.self, StopCommand.self, NextCommand.self, PauseCommand.self, ResumeCommand.self,
            AllowDailyCommand.self,
            StatusCommand.self, WatchCommand.self, UICommand.self, HistoryCommand.self, StatsCommand.self,
            ListsCommand.self,
            ListCommand.self,
            PresetCommand.self, ScheduleCommand.self, RemindCommand.self, SyncCommand.self, ResolveCommand.self,
        ]
    )

    @OptionGroup var output: OutputOptions

    public init() {}
}

/// Runs `refocus` with the process's arguments and exits with the documented status.
public enum RefocusMain {
    /// Parses, runs, reports errors as `refocus: message` on stderr, and exits.
    public static func main(_ arguments: [String]? = nil) -> Never {
        // A helper that refuses early closes its stdin; the write must fail, not kill us.
        signal(SIGPIPE, SIG_IGN)
        do {
            if let bar = StatusCommand.BarInvocation(arguments ?? Array(CommandLine.arguments.dropFirst())) {
                try StatusCommand.show(json: bar.json, format: bar.format)
                Refocus.exit()
            }
            var command = try Refocus.parseAsRoot(arguments)
            try command.run()
            Refocus.exit()
        } catch let error as any RefocusError {
            Console.error(error.description)
            Refocus.exit(withError: ExitCode(ExitStatus(error.category).rawValue))
        } catch {
            Refocus.exit(withError: error)
        }
    }
}
