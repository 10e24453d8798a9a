import RefocusCore

/// A saved way to start a session, started by name (`refocus start deep`):
/// the lists to block or to allow, how long or until when (or a pomodoro plan, which sets the
/// length), the lock, the label, the loosening delay and whether it follows the user. The user's own
/// live in `config.toml`'s `[presets.NAME]` tables and shadow the built-in
/// ones of the same name (`BuiltinPresets`).
public struct Preset: Sendable, Equatable {
    /// Its name.
    public var name: PresetName
    /// The lists it blocks (or allows alone); empty to take `[defaults]`'s.
    public var lists: [BlockListName]
    /// Whether its lists are blocked (`lists = […]`) or the only ones allowed (`allow = […]`).
    public var mode: SessionMode
    /// How long its session lasts, or until when; nil to take `[defaults]`'s length.
    public var duration: PresetDuration?
    /// Whether its session refuses `refocus stop` until it ends.
    public var locked: Bool
    /// What its session's time is for.
    public var label: SessionLabel?
    /// Its work/break plan; nil for a plain session. A preset with a plan
    /// has no `duration`: the plan's total is the length.
    public var pomodoro: PomodoroPlan?
    /// How long its session's stop and pause wait; nil to take `[defaults]`'s.
    public var delay: SessionLength?
    /// Whether its session follows the user to their other machines (`follow = true`); nil to take
    /// `[defaults]`'s.
    public var follow: Bool?

    /// A preset.
    public init(
        name: PresetName, lists: [BlockListName], duration: PresetDuration?, locked: Bool = false,
        label: SessionLabel? = nil, pomodoro: PomodoroPlan? = nil, mode: SessionMode = .block
    ) {
        self.name = name
        self.lists = lists
        self.mode = mode
        self.duration = duration
        self.locked = locked
        self.label = label
        self.pomodoro = pomodoro
    }
}

/// How long a preset's session lasts: a length, or until a time of day.
public enum PresetDuration: Sendable, Equatable, CustomStringConvertible {
    /// A length such as 2h.
    case length(SessionLength)
    /// Until the next such time of day, `HH:MM` (checked by `EndTime.parse` when started).
    case until(String)

    /// `2h`, or `until 17:30`.
    public var description: String {
        switch self {
        case .length(let length): "\(length)"
        case .until(let time): "until \(time)"
        }
    }
}

/// A preset's name: the rule of list names, `[a-z0-9][a-z0-9_-]{0,63}`,
/// and not a length (`90m`), so that `refocus start WORD` always knows
/// which one it was given.
public struct PresetName: ValidatedName {
    /// The validated name.
    public let rawValue: String

    /// Validates a preset name, throwing `ListError.invalidName` with the rule.
    public init(_ text: some StringProtocol) throws(ListError) {
        rawValue = try BlockListName(text).rawValue
        if (try? SessionLength.parse(rawValue, bounds: .unbounded)) != nil { throw .lengthAsName(rawValue) }
    }

    /// Validates `text`; the requirement of `ValidatedName`.
    public init(validating text: String) throws {
        try self.init(text)
    }
}

/// The presets every user has, unless they save one of the same name.
public enum BuiltinPresets {
    /// `deep` (90 minutes; social, news, video and chat), `pomodoro` (social,
    /// news and video; the standard plan, 25/5 × 4 and a 15-minute long
    /// break) and `quick` (25 minutes; social).
    public static let all: [Preset] = [
        preset("deep", ["social", "news", "video", "chat"], minutes: 90),
        preset("pomodoro", ["social", "news", "video"], plan: .standard),
        preset("quick", ["social"], minutes: 25),
    ].compactMap { $0 }

    /// The built-in preset named `name`, if any.
    public static func named(_ name: PresetName) -> Preset? {
        all.first { $0.name == name }
    }

    private static func preset(_ name: String, _ lists: [String], minutes: Int = 0, plan: PomodoroPlan? = nil)
        -> Preset?
    {
        guard let name = try? PresetName(name), let lists = try? lists.map({ try BlockListName($0) }) else {
            return nil
        }
        return Preset(
            name: name, lists: lists, duration: plan == nil ? .length(SessionLength(seconds: minutes * 60)) : nil,
            pomodoro: plan)
    }
}
