import RefocusCore

/// One scheduled start: its number in the crontab, when cron runs it, and
/// what `refocus start` it runs.
public struct ScheduleEntry: Sendable, Equatable {
    /// The entry's number, unique within the crontab (`# refocus-schedule 3`).
    public let id: Int
    /// When cron runs it.
    public let expression: CronExpression
    /// What it starts.
    public let action: ScheduleAction

    /// An entry; `id` is 1 or more.
    public init(id: Int, expression: CronExpression, action: ScheduleAction) {
        self.id = id
        self.expression = expression
        self.action = action
    }
}

/// What a scheduled entry starts: a preset by its name, or lists for a length
/// or until a time of day, locked or not; or a list sync (`refocus sync --every`);
/// or, starting nothing, a reminder shown as a desktop notification.
public enum ScheduleAction: Sendable, Equatable, CustomStringConvertible {
    /// `refocus sync -q`: the lists sync with the other machines.
    case sync
    /// `refocus sync --watch -q`: the sessions of the other machines followed (at boot, where there is no
    /// user systemd).
    case syncWatch
    /// `refocus start NAME`: a preset of `~/.config/refocus/config.toml`.
    case preset(String)
    /// `refocus start --list … LENGTH|--until HH:MM [--lock]`, or `--allow …`
    /// for an allowlist session.
    case lists([BlockListName], ScheduleEnd, locked: Bool, mode: SessionMode = .block)
    /// `refocus remind -- TEXT`: a notification with the text, sent as the user.
    case remind(ReminderText)

    /// A preset's name, checked by the list-name rule (`[a-z0-9][a-z0-9_-]{0,63}`).
    ///
    /// - Throws: `ScheduleError.invalidPresetName`.
    public static func preset(named name: String) throws(ScheduleError) -> ScheduleAction {
        guard (try? BlockListName(name)) != nil else { throw .invalidPresetName(name) }
        return .preset(name)
    }

    /// The words after the program: `start -q` and its arguments, `sync -q`, or `remind -- TEXT`.
    public var commandWords: [String] {
        switch self {
        case .sync: ["sync", "-q"]
        case .syncWatch: Self.syncWatchWords
        case let .remind(text): Self.remindWords + [text.rawValue]
        case .preset, .lists: ["start", "-q"] + startArguments
        }
    }

    /// The words of `refocus sync --watch -q`.
    static let syncWatchWords = ["sync", "--watch", "-q"]

    /// The words before a reminder's text: the subcommand, and the end of its options (a text may start with `-`).
    static let remindWords = ["remind", "--"]

    /// Reads the words `commandWords` writes back; nil for any others.
    public init?(commandWords words: [String]) {
        if words == ["sync", "-q"] {
            self = .sync
            return
        }
        if words == Self.syncWatchWords {
            self = .syncWatch
            return
        }
        if words.count == Self.remindWords.count + 1, words.starts(with: Self.remindWords) {
            guard let text = try? ReminderText(words[Self.remindWords.count]) else { return nil }
            self = .remind(text)
            return
        }
        guard words.prefix(2).elementsEqual(["start", "-q"]) else { return nil }
        self.init(startArguments: Array(words.dropFirst(2)))
    }

    /// The arguments of `refocus start` after `-q` (none for a sync or a reminder).
    public var startArguments: [String] {
        switch self {
        case .sync, .syncWatch, .remind:
            return []
        case let .preset(name):
            return [name]
        case let .lists(lists, end, locked, mode):
            let option = mode == .allow ? "--allow" : "--list"
            return lists.flatMap { [option, $0.rawValue] } + end.arguments + (locked ? ["--lock"] : [])
        }
    }

    /// `start --list work 3h --lock`, `start deep`, `sync`, `remind "Plan the day"`: what it runs, as a
    /// person reads it.
    public var description: String {
        switch self {
        case .sync: "sync"
        case .syncWatch: "sync --watch"
        case let .remind(text): "remind " + text.quoted
        case .preset, .lists: (["start"] + startArguments).joined(separator: " ")
        }
    }

    /// Reads the arguments `startArguments` writes back; nil for any others.
    public init?(startArguments arguments: [String]) {
        if arguments.count == 1, let name = arguments.first, !name.hasPrefix("-") {
            guard let action = try? Self.preset(named: name) else { return nil }
            self = action
            return
        }
        var rest = arguments[...]
        var lists: [BlockListName] = []
        // Every list is given by the same option: `--list` for a block-list session, `--allow` for an allowlist one.
        let option = rest.first == "--allow" ? "--allow" : "--list"
        while rest.first == option, rest.count >= 2 {
            guard let name = try? BlockListName(rest[rest.startIndex + 1]) else { return nil }
            lists.append(name)
            rest = rest.dropFirst(2)
        }
        let locked = rest.last == "--lock"
        if locked { rest = rest.dropLast() }
        guard !lists.isEmpty, let end = ScheduleEnd(arguments: Array(rest)) else { return nil }
        self = .lists(lists, end, locked: locked, mode: option == "--allow" ? .allow : .block)
    }
}

/// When a scheduled session ends: after a length, or at a time of day.
public enum ScheduleEnd: Sendable, Equatable {
    /// After this long.
    case length(SessionLength)
    /// At the next such local time (`--until 17:30`).
    case until(hour: Int, minute: Int)

    /// `3h`, or `--until 17:30`: the arguments of `refocus start` that end the session.
    public var arguments: [String] {
        switch self {
        case let .length(length):
            return [length.description]
        case let .until(hour, minute):
            return ["--until", (hour < 10 ? "0" : "") + "\(hour):" + (minute < 10 ? "0" : "") + "\(minute)"]
        }
    }

    /// Reads `LENGTH` or `--until HH:MM`; nil for anything else.
    init?(arguments: [String]) {
        switch arguments.count {
        case 1:
            guard let length = try? SessionLength.parse(arguments[0], bounds: .unbounded) else { return nil }
            self = .length(length)
        case 2 where arguments[0] == "--until":
            guard let time = try? EndTime.clockTime(arguments[1]) else { return nil }
            self = .until(hour: time.hour, minute: time.minute)
        default:
            return nil
        }
    }
}
