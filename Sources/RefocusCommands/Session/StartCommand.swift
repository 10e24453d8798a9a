import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RefocusCore
import RefocusOS
import RefocusFeatures
import RefocusProtocol

/// `refocus start [PRESET] [--list NAME…] [LENGTH | --pomodoro [WORK/BREAK]]`: blocks lists until the session ends.
struct StartCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "start",
        abstract: "Start a focus session: block lists for a while.",
        usage: UsageLine.wrapped(
            "refocus start [<preset-or-length> ...] [--list <list> ...] [--allow <allow> ...] "
                + "[--until <HH:MM>] [--lock] [--label <TEXT>] [--pomodoro] [--cycles <N>] [--long-break <LENGTH>] "
                + "[--delay <LENGTH>] [--everywhere|--no-everywhere] [--json] [--quiet]"),
        discussion: """
            Blocks the lists for a length, until a time, or in pomodoro phases \
            (--pomodoro, or WORK/BREAK such as 50/10); a preset starts what it saved. \
            --lock refuses stop and pause; --delay makes stop and pause wait; --allow \
            allows only the lists' sites, for you; --everywhere follows you. See 'man \
            refocus' (SESSIONS).

            \(ExitStatus.helpLine(for: .refocus, [.success, .usage, .systemError, .busy, .configuration],
                                  notes: [.dataError: "a list with nothing a session may block",
                                          .notFound: "no such list or preset",
                                          .notPermitted: "over a cap, or sudo refused"]))

            Examples:
              refocus start --list social --list news 1h30m --lock
              refocus start --list work --until 17:30 --label thesis --everywhere
            """)

    @Argument(
        help: ArgumentHelp(
            "A preset, a length (50m, 1h30m, 90s) or WORK/BREAK.",
            valueName: "preset-or-length"),
        completion: .custom(UserPresets.completeNames))
    var words: [String] = []

    @OptionGroup var session: SessionOptions

    @Option(
        help: ArgumentHelp(
            "Stop and pause wait this long (default: none).",
            valueName: "LENGTH"),
        completion: .list(["0", "2m", "5m", "15m"]))
    var delay: String?

    @Flag(inversion: .prefixedNo, help: "Start it on your other machines too (or not).")
    var everywhere: Bool?

    @Flag(help: "Print the helper's answer as JSON.")
    var json = false

    @OptionGroup var output: OutputOptions

    func validate() throws {
        if everywhere == true, !session.allowLists.isEmpty {
            throw ValidationError(
                "--everywhere follows a session that blocks lists, not one that allows them (--allow)")
        }
        if words.count > 3 { throw ValidationError("give at most a preset's name, a length and WORK/BREAK") }
        do { _ = try SessionChoice.Words(words) } catch { throw ValidationError("\(error)") }
        do { _ = try delay.map { try SessionLength.parseDelay($0) } } catch {
            throw ValidationError("--delay: \(error)")
        }
    }

    func run() throws {
        let config = try UserPresets.config()
        let choice = try Self.choice(words: words, session, config: config)
        // What an allowlist session does with programs the helper decides (SessionRules).
        let blockLists = try UserLists.forSession(choice.lists)
        let preset = try SessionChoice.Words(words).preset.flatMap { config.preset($0) }
        // The command line, else the preset, else [defaults]; sync must be set up before the session starts.
        let follows = everywhere ?? preset?.follow ?? config.defaults.follow
        let publisher = try follows ? FollowPublisher.configured(config) : nil
        if follows, choice.mode == .allow {
            throw ValidationError("--everywhere follows a session that blocks lists, not one that allows them")
        }
        let now = Date()
        let sessionLength: SessionLength
        switch choice.duration {
        case .until(let time):
            let end = try EndTime.parse(time, now: now, timeZone: MachineTimeZone.current, bounds: .unbounded)
            sessionLength = EndTime.length(until: end, from: now)
        case .length(let length):
            sessionLength = length
        }
        // The command line's delay, else the preset's, else [defaults]'.
        let delay = try delay.map { try SessionLength.parseDelay($0) } ?? preset?.delay ?? config.defaults.delay
        let response = try HelperClient().send(
            StartRequest(
                lists: blockLists, length: sessionLength, locked: choice.locked,
                label: choice.label, pomodoro: choice.pomodoro,
                notify: config.defaults.notify, mode: choice.mode, delay: delay.seconds > 0 ? delay.seconds : nil))
        var following: String?
        if let publisher, let session = response.sessions.first { following = try Self.follow(session, publisher) }
        if json { return try Console.json(response) }
        let answered = Date()  // after the helper's answer: the time left counts from the session's start
        for session in response.sessions {
            // The session as the helper summarised it; the lists sent, from a helper older than these fields.
            let domains = session.entries ?? blockLists.reduce(0) { $0 + $1.entries.count }
            let programs = session.programs ?? blockLists.reduce(0) { $0 + $1.programs.count }
            output.report(
                choice.mode == .allow
                    ? "Allowing only \(count(domains, "entry", "entries")): "
                        + SessionFormat.line(session, now: answered)
                    : "Blocking \(count(domains, "entry", "entries")) and \(count(programs, "program", "programs")): "
                        + SessionFormat.line(session, now: answered))
        }
        response.notes.forEach { Console.error($0.text) }
        if let following { output.report(following) }
        BrowserRestartAdvice.lines().forEach { Console.error($0) }
    }

    /// Publishes `session` for the user's other machines; the line that says so.
    static func follow(_ session: SessionSummary, _ publisher: FollowPublisher) throws -> String {
        let note = try publisher.start(session, now: Date())
        return "It follows you: your other machines start it as they sync"
            + (note.map { "; \($0)" } ?? "")
    }

    /// What the words, options, preset and `[defaults]` of `config` ask for.
    static func choice(words: [String], _ session: SessionOptions, config: UserConfig) throws -> SessionChoice {
        let parsed = try SessionChoice.Words(words)
        let preset = try parsed.preset.map { name in
            guard let found = config.preset(name) else { throw UserPresetError.notFound(name) }
            return found
        }
        let (lists, mode) = try session.chosenLists
        return try SessionChoice(
            words: parsed, lists: lists, mode: mode, until: session.until, lock: session.lock,
            label: try session.label.map { try SessionLabel($0) },
            pomodoro: try session.pomodoroOptions, preset: preset,
            defaultLists: config.defaults.lists, defaultLength: config.defaults.length)
    }
}
