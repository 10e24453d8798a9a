/// What `refocus start` asks for, once its words, options, preset and the
/// user's `[defaults]` are put together: the command line wins over the
/// preset, the preset over the defaults.
public struct SessionChoice: Sendable, Equatable {
    /// The lists to block.
    public var lists: [BlockListName]
    /// How long, or until when.
    public var duration: PresetDuration
    /// Whether `stop` is refused until the end.
    public var locked: Bool
    /// What the time is for.
    public var label: SessionLabel?

    /// A choice made of its parts.
    public init(lists: [BlockListName], duration: PresetDuration, locked: Bool, label: SessionLabel?) {
        self.lists = lists
        self.duration = duration
        self.locked = locked
        self.label = label
    }

    /// `refocus start`'s positional words: a preset's name, a length, or one of each, in any order.
    public struct Words: Sendable, Equatable {
        /// The preset named, if any.
        public var preset: PresetName?
        /// The length given, if any.
        public var length: SessionLength?

        /// Tells a length (`50m`, `90`) from a preset name (`deep`).
        public init(_ words: [String]) throws(SessionChoiceError) {
            for word in words {
                if let length = try? SessionLength.parse(word, bounds: .unbounded) {
                    guard self.length == nil else { throw .twoLengths }
                    self.length = length
                } else {
                    guard preset == nil else { throw .twoPresets }
                    do { preset = try PresetName(word) } catch { throw .notAPresetOrLength(word) }
                }
            }
        }
    }

    /// Puts together the command line (`lists`, `words.length`, `until`,
    /// `lock`, `label`), the preset the words name (already looked up; nil
    /// when they name none) and the user's default lists and length.
    public init(words: Words, lists: [BlockListName], until: String?, lock: Bool, label: SessionLabel?,
                preset: Preset?, defaultLists: [BlockListName], defaultLength: SessionLength?) throws(SessionChoiceError) {
        if words.length != nil, until != nil { throw .lengthAndUntil }
        let chosenLists = !lists.isEmpty ? lists : preset.map(\.lists).flatMap { $0.isEmpty ? nil : $0 } ?? defaultLists
        guard !chosenLists.isEmpty else { throw .noList }
        let duration: PresetDuration
        if let length = words.length {
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
        self.duration = duration
        locked = lock || preset?.locked == true
        self.label = label ?? preset?.label
    }
}

/// Why `refocus start`'s words and options do not make a session.
public enum SessionChoiceError: RefocusError, Equatable {
    case twoLengths
    case twoPresets
    case notAPresetOrLength(String)
    case lengthAndUntil
    case noList
    case noLength

    public var category: ErrorCategory { .usage }

    public var description: String {
        switch self {
        case .twoLengths: "give one length, such as 50m"
        case .twoPresets: "name one preset (see 'refocus preset list')"
        case let .notAPresetOrLength(word):
            "'\(word)' is neither a length (50m, 1h30m, 90) nor a preset name (see 'refocus preset list')"
        case .lengthAndUntil: "give a length or --until, not both"
        case .noList:
            "name a list with --list NAME, or a preset ('refocus preset list'), or set lists in [defaults] of config.toml"
        case .noLength:
            "give a length such as 50m or --until HH:MM, or a preset, or set length in [defaults] of config.toml"
        }
    }
}
