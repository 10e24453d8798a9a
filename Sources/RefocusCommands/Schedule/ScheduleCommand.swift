import ArgumentParser

/// `refocus schedule`: sessions that cron starts, kept in the user's crontab.
struct ScheduleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schedule",
        abstract: "Start sessions at set times, through your crontab.",
        discussion: """
            Schedules are lines of your own crontab, between '# BEGIN refocus' and \
            '# END refocus'; every other line of it is kept byte for byte. Each runs \
            'refocus start -q' at the times of its cron expression, so the cron daemon \
            must run, and refocus must reach its helper without a password (you are in \
            the group refocus), since cron has no terminal.

            Examples:
              refocus schedule add "30 8 * * mon-fri" --list work 3h
              refocus schedule add "0 9 * * 1-5" deep      # a preset
              refocus schedule list
              refocus schedule remove 2
            """,
        subcommands: [ScheduleAdd.self, ScheduleList.self, ScheduleRemove.self]
    )
}
