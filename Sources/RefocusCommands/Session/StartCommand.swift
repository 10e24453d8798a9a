import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RefocusCore
import RefocusOS

/// `refocus start --list NAME… LENGTH`: blocks lists until the session ends.
struct StartCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "start",
        abstract: "Start a focus session: block lists for a while.",
        discussion: """
            Your lists are used, or the built-in list of that name; an empty list is \
            refused. Starting lists that are already active extends that session to the \
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
                                          .notFound: "no such list",
                                          .notPermitted: "over a cap, or sudo refused",
                                          .configuration: "the helper or sudo is not installed"]))

            Examples:
              refocus start --list social 50m
              refocus start --list social --list news 1h30m --lock
              refocus start --list work --until 17:30
              30 8 * * 1-5 refocus start -q --list social 3h   # a crontab line (see 'refocus schedule')
            """)

    @Option(name: .customLong("list"), help: "A list to block (repeatable).",
            completion: .custom(UserLists.completeNames))
    var lists: [String] = []

    @Argument(help: "How long: 50m, 1h30m, 90s, or a number of minutes.")
    var length: String?

    @Option(help: ArgumentHelp("End at the next such time instead, such as 17:30.", valueName: "HH:MM"))
    var until: String?

    @Flag(help: "Refuse 'refocus stop' until the session ends.")
    var lock = false

    @Flag(help: "Print the helper's answer as JSON.")
    var json = false

    @OptionGroup var output: OutputOptions

    func validate() throws {
        if lists.isEmpty { throw ValidationError("name at least one list with --list NAME (see 'refocus lists')") }
        if (length == nil) == (until == nil) { throw ValidationError("give a length such as 50m, or --until HH:MM") }
    }

    func run() throws {
        let store = try UserLists.store()
        let blockLists = try lists.map { try store.load(try BlockListName($0)).list }
        if let empty = blockLists.first(where: \.isEmpty) { throw ListError.empty(empty.name) }
        let now = Date()
        let sessionLength: SessionLength
        if let until {
            let end = try EndTime.parse(until, now: now, timeZone: MachineTimeZone.current, bounds: .unbounded)
            sessionLength = EndTime.length(until: end, from: now)
        } else {
            sessionLength = try SessionLength.parse(length ?? "", bounds: .unbounded)
        }
        let response = try HelperClient().send(StartRequest(lists: blockLists, length: sessionLength, locked: lock))
        if json { return try Console.json(response) }
        for session in response.sessions {
            let domains = blockLists.reduce(0) { $0 + $1.entries.count }
            let programs = blockLists.reduce(0) { $0 + $1.programs.count }
            output.report("Blocking \(count(domains, "entry", "entries")) and \(count(programs, "program", "programs")): "
                + SessionFormat.line(session, now: now))
        }
        response.notes.forEach { Console.error($0) }
    }
}
