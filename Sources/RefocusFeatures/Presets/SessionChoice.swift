import RefocusCore

/// What `refocus start` asks for, once its words, options, preset and the
/// user's `[defaults]` are put together: the command line wins over the
/// preset, the preset over the defaults. A pomodoro plan sets the length.
public struct SessionChoice: Sendable, Equatable {
    /// The lists to block, or to allow alone.
    public var lists: [BlockListName]
    /// Whether `lists` are blocked or the only ones allowed.
    public var mode: SessionMode
    /// How long, or until when; a pomodoro session's is its plan's total.
    public var duration: PresetDuration
    /// Whether `stop` is refused until the end.
    public var locked: Bool
    /// What the time is for.
    public var label: SessionLabel?
    /// The work/break plan; nil for a plain session.
    public var pomodoro: PomodoroPlan?

    /// A choice made of its parts.
    public init(
        lists: [BlockListName], duration: PresetDuration, locked: Bool, label: SessionLabel?,
        pomodoro: PomodoroPlan? = nil, mode: SessionMode = .block
    ) {
        self.lists = lists
        self.mode = mode
        self.duration = duration
        self.locked = locked
        self.label = label
        self.pomodoro = pomodoro
    }

    /// `refocus start`'s positional words: a preset's name, a length, and
    /// a pomodoro plan's `WORK/BREAK`, at most one of each, in any order.
    public struct Words: Sendable, Equatable {
        /// The preset named, if any.
        public var preset: PresetName?
        /// The length given, if any.
        public var length: SessionLength?
        /// The `WORK/BREAK` lengths given, if any (they ask for a pomodoro session).
        public var pomodoro: PomodoroLengths?

        /// Tells `WORK/BREAK` (`25/5`: a slash) from a length (`50m`, `90`) from a preset name (`deep`).
        public init(_ words: [String]) throws(SessionChoiceError) {
            for word in words {
                if PomodoroPlan.looksLikeLengths(word) {
                    guard pomodoro == nil else { throw .twoPlans }
                    do { pomodoro = try PomodoroLengths(word) } catch { throw .plan(error) }
                } else if let length = try? SessionLength.parse(word, bounds: .unbounded) {
                    guard self.length == nil else { throw .twoLengths }
                    self.length = length
                } else {
                    guard preset == nil else { throw .twoPresets }
                    do { preset = try PresetName(word) } catch { throw .notAPresetOrLength(word) }
                }
            }
        }
    }

    /// Puts together the command line (`lists` with their `mode`, `words`, `until`, `lock`,
    /// `label`, `pomodoro`), the preset the words name (already looked up;
    /// nil when they name none) and the user's default lists and length.
    /// A pomodoro plan, the command line's or the preset's, sets the length:
    /// a length or `--until` beside it is an error that says so.
    public init(
        words: Words, lists: [BlockListName], mode: SessionMode = .block, until: String?, lock: Bool,
        label: SessionLabel?,
        pomodoro options: PomodoroOptions = PomodoroOptions(), preset: Preset?,
        defaultLists: [BlockListName], defaultLength: SessionLength?
    ) throws(SessionChoiceError) {
        if words.length != nil, until != nil { throw .lengthAndUntil }
        let plan = try options.plan(lengths: words.pomodoro, base: preset?.pomodoro)
        let presetLists = preset.flatMap { $0.lists.isEmpty ? nil : ($0.lists, $0.mode) }
        let (chosenLists, chosenMode) = !lists.isEmpty ? (lists, mode) : presetLists ?? (defaultLists, .block)
        guard !chosenLists.isEmpty else { throw .noList }
        let duration: PresetDuration
        if let plan {
            // The command line asked for no plan: it is the preset's.
            let presetName = options.requested || words.pomodoro != nil ? nil : preset?.name
            if let length = words.length { throw .lengthWithPlan(length, plan, preset: presetName) }
            if until != nil { throw .untilWithPlan(plan, preset: presetName) }
            duration = .length(SessionLength(seconds: plan.total))
        } else if let length = words.length {
            duration = .length(length)
        } else if let until {
            duration = .until(until)
        } else if let preset = preset?.duration {
            duration = preset
        } else if let defaultLength {
            duration = .length(defaultLength)
        } else {
            throw .noLength
        }
        self.lists = chosenLists
        self.mode = chosenMode
        self.duration = duration
        locked = lock || preset?.locked == true
        self.label = label ?? preset?.label
        pomodoro = plan
    }
}

/// Why `refocus start`'s words and options do not make a session.
public enum SessionChoiceError: RefocusError, Equatable {
    case twoLengths
    case twoPresets
    case notAPresetOrLength(String)
    case lengthAndUntil
    case noList
    case listsAndAllow
    case noLength
    case twoPlans
    case plan(PomodoroPlanError)
    case planOptionsWithoutPomodoro
    case lengthWithPlan(SessionLength, PomodoroPlan, preset: PresetName?)
    case untilWithPlan(PomodoroPlan, preset: PresetName?)

    public var category: ErrorCategory { .usage }

    public var description: String {
        switch self {
        case .twoLengths: "give one length, such as 50m"
        case .twoPresets: "name one preset (see 'refocus preset list')"
        case let .notAPresetOrLength(word):
            "'\(word)' is neither a length (50m, 1h30m, 90) nor a preset name (see 'refocus preset list')"
        case .lengthAndUntil: "give a length or --until, not both"
        case .listsAndAllow:
            "give lists to block (--list) or lists to allow (--allow), not both: start them as two sessions"
        case .noList:
            "name a list with --list NAME, or a preset ('refocus preset list'), or set lists in [defaults] of config.toml"
        case .noLength:
            "give a length such as 50m or --until HH:MM, or a preset, or set length in [defaults] of config.toml"
        case .twoPlans: "give one WORK/BREAK, such as 25/5"
        case let .plan(error): error.description
        case .planOptionsWithoutPomodoro:
            "--cycles and --long-break shape a pomodoro plan: add --pomodoro, or WORK/BREAK such as 25/5"
        case let .lengthWithPlan(length, plan, preset):
            "\(Self.planSetsLength(plan, preset)), so \(length) does not go with it: " + Self.fix(preset, "\(length)")
        case let .untilWithPlan(plan, preset):
            "\(Self.planSetsLength(plan, preset)), so --until does not go with it: " + Self.fix(preset, "--until HH:MM")
        }
    }

    /// `a pomodoro session lasts as long as its plan (2h10m: 25m/5m x4, 15m long break)`, or the preset's.
    private static func planSetsLength(_ plan: PomodoroPlan, _ preset: PresetName?) -> String {
        let plan = "\(SessionLength(seconds: plan.total)): \(plan)"
        return preset.map { "the preset \($0) is a pomodoro plan, whose length is its own (\(plan))" }
            ?? "a pomodoro session lasts as long as its plan (\(plan))"
    }

    /// What to do instead; `end` is the length or `--until` given.
    private static func fix(_ preset: PresetName?, _ end: String) -> String {
        "change the plan with WORK/BREAK, --cycles or --long-break"
            + (preset == nil ? "" : ", or name no preset for a plain session ('refocus start --list NAME \(end)')")
    }
}
