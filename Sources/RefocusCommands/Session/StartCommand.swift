import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RefocusCore
import RefocusOS

/// `refocus start [PRESET] [--list NAME…] [LENGTH | --pomodoro [WORK/BREAK]]`: blocks lists until the session ends.
struct StartCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "start",
        abstract: "Start a focus session: block lists for a while.",
        discussion: """
            Your lists are used, or the built-in list of that name; an empty list is \
            refused. A preset's name (yours from 'refocus preset save', or a built-in one: \
            deep, pomodoro, quick; see 'refocus preset list') starts its lists, length or \
            pomodoro plan, lock and label; --list, a length, --until, --lock and --label given on the command line \
            override it. Without a list or a length, those of [defaults] in \
            ~/.config/refocus/config.toml are used. Starting lists that are already active extends that session to the \
            later end, so a crontab line can run every morning. \
            With --pomodoro, or a WORK/BREAK word such as 50/10 (minutes; 50m/10m, 1h/15m) \
            that implies it, the session runs in phases: work, a short break after each work \
            phase but the last, and a long break at the end (--cycles N, 4 by default; \
            --long-break M, 15m by default, 0 for none; the plan 25/5 by default). The lists \
            are blocked while you work and lifted in breaks, switched on time by the daemon. \
            The plan sets the length, so a length or --until beside it is refused; so is \
            a length for a pomodoro preset (the built-in one: pomodoro). 'refocus next' skips \
            to the next phase; 'refocus pause' and 'refocus resume' lift and restore the \
            blocks with the time left frozen. Starting the same lists with the same plan \
            again resumes that session if paused and keeps its end. \
            Notifications at the session's end and at each phase follow notify in [defaults] \
            (on unless notify = false). \
            With --lock, 'refocus stop' and 'refocus pause' are refused until the session \
            ends, and 'refocus next' in a work phase (a pomodoro session's breaks still lift \
            the block), and a lock only tightens: starting the same lists again may add entries and programs and move \
            the end later, never remove an entry, a program or time, even after you edit \
            the list. Only root can end it early ('sudo /usr/libexec/refocus/refocus-helper \
            clear', unless the administrator's policy forbids that too). \
            The administrator's policy caps what sessions block (names, addresses and \
            programs per user and per machine, sessions per user, the widest address range) \
            and never blocks loopback, link-local, multicast and broadcast addresses, the \
            name servers, the default gateways or this machine's own addresses; a start over \
            a cap is refused naming it. Entries of a list that no session may block (those, \
            and what the policy's never_block names) are skipped with a note on stderr, and \
            the rest of the list is blocked. The length is checked against the administrator's \
            policy (1m to 24h by default). Runs refocus-helper through sudo -n: \
            without a terminal (cron, scripts) nothing ever asks for a password, and \
            without sudo rights it is refused with one line naming the fix. \
            With --allow LIST (repeatable) instead of --list, the session is an \
            allowlist for you alone: your programs reach only the names (with their usual \
            subdomains), addresses and ranges of those lists, loopback, DNS to the name \
            servers of /etc/resolv.conf, DHCP, NTP and mDNS; every other connection of \
            yours is refused, while root, services and other users are not restricted. A \
            list's programs mean nothing there and are ignored (said on stderr). Block-list \
            sessions still apply beside it: allowed and not blocked. --lock only tightens \
            it: starting the same lists again may remove entries, never add them, and \
            no other allowlist session of yours starts beside it. \
            A Firefox of yours that was running before the session says so on stderr: \
            Firefox reads its policies only as it starts, so the browser rules (paths, \
            DNS over HTTPS off) reach it at its next start; hosts and the firewall block \
            at once. --quiet prints nothing on success.

            \(ExitStatus.helpLine(for: .refocus, [.success, .usage, .systemError, .busy],
                                  notes: [.dataError: "an empty list, a list with nothing a session may block, or a bad line in a list file",
                                          .notFound: "no such list or preset",
                                          .notPermitted: "over a cap, or sudo refused",
                                          .configuration: "the helper or sudo is not installed"]))

            Examples:
              refocus start --list social 50m
              refocus start --list social --list news 1h30m --lock
              refocus start --list work --until 17:30
              refocus start --allow work 2h                 # only the sites of 'work', for you alone
              refocus start deep                            # a preset: 90 minutes of social, news, video, chat
              refocus start morning 3h                      # your preset 'morning', for 3 hours this time
              refocus start --list social 50m --label thesis
              refocus start --list social --pomodoro        # 25/5 x4, a 15m long break
              refocus start --list social 50/10 --cycles 3 --long-break 0
              refocus start pomodoro                        # the built-in pomodoro preset
              30 8 * * 1-5 refocus start -q --list social 3h   # a crontab line (see 'refocus schedule')
            """)

    @Argument(help: ArgumentHelp("A preset's name, and how long: 50m, 1h30m, 90s, or a number of minutes; "
                                     + "or a pomodoro plan's WORK/BREAK, such as 25/5 or 50m/10m.",
                                 valueName: "preset-or-length"),
              completion: .custom(UserPresets.completeNames))
    var words: [String] = []

    @OptionGroup var session: SessionOptions

    @Flag(help: "Print the helper's answer as JSON.")
    var json = false

    @OptionGroup var output: OutputOptions

    func validate() throws {
        if words.count > 3 { throw ValidationError("give at most a preset's name, a length and WORK/BREAK") }
        do { _ = try SessionChoice.Words(words) } catch { throw ValidationError("\(error)") }
    }

    func run() throws {
        let config = try UserPresets.config()
        let choice = try Self.choice(words: words, session, config: config)
        let store = try UserLists.store()
        var blockLists = try choice.lists.map { try store.load($0).list }
        if choice.mode == .allow {
            // Programs have no meaning in an allowlist session: only destinations are allowed.
            let ignored = blockLists.filter { !$0.programs.isEmpty }.map(\.name.rawValue)
            if !ignored.isEmpty {
                Console.error("an allowlist session ignores programs: those of \(ignored.joined(separator: ", ")) are not blocked")
            }
            blockLists = blockLists.map { BlockList(name: $0.name, entries: $0.entries) }
        }
        // Entries no session may block are left out, with a note, rather than refusing the whole start.
        let skipped = SkippedEntries(blockLists, check: Blockability.atStart())
        try skipped.checkSomethingLeft()
        skipped.notes.forEach { Console.error($0) }
        blockLists = skipped.lists
        if let empty = blockLists.first(where: \.isEmpty) { throw ListError.empty(empty.name) }
        let now = Date()
        let sessionLength: SessionLength
        switch choice.duration {
        case .until(let time):
            let end = try EndTime.parse(time, now: now, timeZone: MachineTimeZone.current, bounds: .unbounded)
            sessionLength = EndTime.length(until: end, from: now)
        case .length(let length):
            sessionLength = length
        }
        let response = try HelperClient().send(StartRequest(lists: blockLists, length: sessionLength, locked: choice.locked,
                                                            label: choice.label, pomodoro: choice.pomodoro,
                                                            notify: config.defaults.notify, mode: choice.mode))
        if json { return try Console.json(response) }
        let answered = Date()  // after the helper's answer: the time left counts from the session's start
        for session in response.sessions {
            let domains = blockLists.reduce(0) { $0 + $1.entries.count }
            let programs = blockLists.reduce(0) { $0 + $1.programs.count }
            output.report(choice.mode == .allow
                ? "Allowing only \(count(domains, "entry", "entries")): " + SessionFormat.line(session, now: answered)
                : "Blocking \(count(domains, "entry", "entries")) and \(count(programs, "program", "programs")): "
                    + SessionFormat.line(session, now: answered))
        }
        response.notes.forEach { Console.error($0) }
        BrowserRestartAdvice.lines().forEach { Console.error($0) }
    }

    /// What the words, options, preset and `[defaults]` of `config` ask for.
    static func choice(words: [String], _ session: SessionOptions, config: UserConfig) throws -> SessionChoice {
        let parsed = try SessionChoice.Words(words)
        let preset = try parsed.preset.map { name in
            guard let found = config.preset(name) else { throw UserPresetError.notFound(name) }
            return found
        }
        let (lists, mode) = try session.chosenLists
        return try SessionChoice(words: parsed, lists: lists, mode: mode, until: session.until, lock: session.lock,
                                 label: try session.label.map { try SessionLabel($0) },
                                 pomodoro: try session.pomodoroOptions, preset: preset,
                                 defaultLists: config.defaults.lists, defaultLength: config.defaults.length)
    }
}
