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
            Block lists name the domains, addresses and programs to block. Six lists are \
            built in (social, news, video, shopping, chat, games); your own live in \
            $XDG_CONFIG_HOME/refocus/lists (default ~/.config/refocus/lists).

            Examples:
              refocus start --list social 50m       # block the social list for 50 minutes
              refocus start --list social --pomodoro  # 25m work, 5m breaks, 4 cycles
              refocus next                          # a pomodoro session's next phase
              refocus pause                         # lift the blocks; refocus resume
              refocus status                        # what is blocked, and until when
              refocus history --since 7d            # your sessions of the last week
              refocus stats                         # focused time, streaks and a heatmap
              refocus lists                         # every list, built-in and yours
              refocus list show social              # what the social list blocks
              refocus list add work reddit.com      # add a domain to your list 'work'
              refocus list add chat --program discord
              refocus list import ads hosts.txt     # import a hosts or Adblock file
              refocus schedule add "30 8 * * mon-fri" --list work 3h   # cron starts it

            start, stop, next, pause, resume, history and stats (and status, when it cannot read \
            /run/refocus/status.json) run /usr/libexec/refocus/refocus-helper as root \
            through sudo -n. Without a terminal (cron, scripts) nothing ever asks \
            for a password: without sudo rights it is refused and one line on \
            stderr names the fix, joining the group refocus ('sudo usermod -aG refocus \
            $USER', then log in again). With --quiet (-q), before or after the command's \
            name, start, stop, next, pause, resume and the list and schedule changes print nothing when they succeed.

            \(ExitStatus.helpLine(for: .refocus, ExitStatus.documented)) \
            'man refocus' describes them, the files and the environment.
            """,
        version: RefocusVersion.string,
        subcommands: [StartCommand.self, StopCommand.self, NextCommand.self, PauseCommand.self, ResumeCommand.self,
                      StatusCommand.self, WatchCommand.self, HistoryCommand.self, StatsCommand.self, ListsCommand.self, ListCommand.self,
                      PresetCommand.self, ScheduleCommand.self, SyncCommand.self, ResolveCommand.self]
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
