import ArgumentParser

/// `refocus sync`: the list definitions follow the user between machines.
struct SyncCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Sync your lists' domains with your other machines.",
        discussion: """
            Each list's domains sync as a plain file, NAME.domains: one entry per line, sorted, \
            ASCII. Program lists and presets stay on each machine; your ended sessions are published \
            for 'refocus stats --all-machines'. Each list is merged \
            three ways against the last synced copy (kept in $XDG_STATE_HOME/refocus/sync/base), \
            so additions on either side are kept and a removal on one side applies on the other; \
            your local .domains files keep their comments and order.

            Examples:
              refocus sync init --dir ~/Sync/refocus    # a folder Syncthing or Nextcloud keeps in step
              refocus sync                              # sync now
              refocus sync status                       # what is pending
              refocus sync --every 15m                  # cron syncs every 15 minutes
              refocus sync off
            """,
        subcommands: [SyncNow.self, SyncInit.self, SyncStatus.self, SyncOff.self],
        defaultSubcommand: SyncNow.self
    )
}
