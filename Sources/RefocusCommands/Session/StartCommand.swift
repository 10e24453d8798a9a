import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RefocusCore
import RefocusOS

/// `refocus start [PRESET] [--list NAME…] [LENGTH]`: blocks lists until the session ends.
struct StartCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "start",
        abstract: "Start a focus session: block lists for a while.",
        discussion: """
            Your lists are used, or the built-in list of that name; an empty list is \
            refused. A preset's name (yours from 'refocus preset save', or a built-in one: \
            deep, quick; see 'refocus preset list') starts its lists, length, lock and \
            label; --list, a length, --until, --lock and --label given on the command line \
            override it. Without a list or a length, those of [defaults] in \
            ~/.config/refocus/config.toml are used. Starting lists that are already active extends that session to the \
            later end, so a crontab line can run every morning. \
            With --lock, 'refocus stop' is refused until the session ends, and a lock only \
            tightens: starting the same lists again may add entries and programs and move \
            the end later, never remove an entry, a program or time, even after you edit \
            the list. Only root can end it early ('sudo /usr/libexec/refocus/refocus-helper \
            clear', unless the administrator's policy forbids that too). \
            The administrator's policy caps what sessions block (names, addresses and \
            programs per user and per machine, sessions per user, the widest address range) \
            and never blocks loopback, link-local, multicast and broadcast addresses, the \
            name servers, the default gateways or this machine's own addresses; a start over \
            a cap is refused naming it. The length is checked against the administrator's \
            policy (1m to 24h by default). Runs refocus-helper through sudo -n: \
            without a terminal (cron, scripts) nothing ever asks for a password, and \
            without sudo rights it is refused with one line naming the fix. \
            --quiet prints nothing on success.

            \(ExitStatus.helpLine(for: .refocus, [.success, .usage, .systemError, .busy],
                                  notes: [.dataError: "an empty list, or a bad line in a list file",
                                          .notFound: "no such list or preset",
                                          .notPermitted: "over a cap, or sudo refused",
                                          .configuration: "the helper or sudo is not installed"]))

            Examples:
              refocus start --list social 50m
              refocus start --list social --list news 1h30m --lock
              refocus start --list work --until 17:30
              refocus start deep                            # a preset: 90 minutes of social, news, video, chat
              refocus start morning 3h                      # your preset 'morning', for 3 hours this time
              refocus start --list social 50m --label thesis
              30 8 * * 1-5 refocus start -q --list social 3h   # a crontab line (see 'refocus schedule')
            """)

    @Argument(help: ArgumentHelp("A preset's name, and how long: 50m, 1h30m, 90s, or a number of minutes.",
                                 valueName: "preset-or-length"),
              completion: .custom(UserPresets.completeNames))
    var words: [String] = []

    @OptionGroup var session: SessionOptions

    @Flag(help: "Print the helper's answer as JSON.")
    var json = false

    @OptionGroup var output: OutputOptions

    func validate() throws {
        if words.count > 2 { throw ValidationError("give at most a preset's name and a length") }
        do { _ = try SessionChoice.Words(words) } catch { throw ValidationError("\(error)") }
    }

    func run() throws {
        let choice = try Self.choice(words: words, session)
        let store = try UserLists.store()
        let blockLists = try choice.lists.map { try store.load($0).list }
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
                                                            label: choice.label))
        if json { return try Console.json(response) }
        let answered = Date()  // after the helper's answer: the time left counts from the session's start
        for session in response.sessions {
            let domains = blockLists.reduce(0) { $0 + $1.entries.count }
            let programs = blockLists.reduce(0) { $0 + $1.programs.count }
            output.report("Blocking \(count(domains, "entry", "entries")) and \(count(programs, "program", "programs")): "
                + SessionFormat.line(session, now: answered))
        }
        response.notes.forEach { Console.error($0) }
    }

    /// What the words, options, preset and `[defaults]` ask for.
    static func choice(words: [String], _ session: SessionOptions) throws -> SessionChoice {
        let parsed = try SessionChoice.Words(words)
        let config = try UserPresets.config()
        let preset = try parsed.preset.map { name in
            guard let found = config.preset(name) else { throw UserPresetError.notFound(name) }
            return found
        }
        return try SessionChoice(words: parsed, lists: try session.lists.map { try BlockListName($0) },
                                 until: session.until, lock: session.lock,
                                 label: try session.label.map { try SessionLabel($0) }, preset: preset,
                                 defaultLists: config.defaults.lists, defaultLength: config.defaults.length)
    }
}
