import RefocusCore
import RefocusFeatures

/// Reads the values of one table of config.toml, strictly: each error names
/// the key and its line.
struct ConfigValues {
    let path: String
    /// The table's name: `defaults`, `presets.morning`.
    let table: String
    /// Its keys and values, with their lines.
    let values: TOMLTable

    /// `[defaults]`.
    func defaults() throws(ConfigError) -> UserConfig.Defaults {
        var defaults = UserConfig.Defaults()
        for (key, value) in values {
            switch key {
            case "lists": defaults.lists = try lists(value, key: key)
            case "length": defaults.length = try length(value, key: key)
            case "notify":
                guard let flag = value.bool else { throw fail(key, "give true or false, without quotes") }
                defaults.notify = flag
            case "streak_minimum":
                guard let minutes = value.int, UserConfig.Defaults.streakMinimumRange.contains(minutes) else {
                    throw fail(
                        key,
                        "give the minutes a day needs to count for a streak, a whole number from 1 to 1440 "
                            + "without quotes, such as 5")
                }
                defaults.streakMinimum = minutes
            case "delay":
                guard let text = value.string else { throw fail(key, "give a length in quotes, such as \"2m\"") }
                do { defaults.delay = try SessionLength.parseDelay(text) } catch { throw fail(key, error.description) }
            case "follow":
                guard let flag = value.bool else { throw fail(key, "give true or false, without quotes") }
                defaults.follow = flag
            default:
                throw fail(key, "unknown key; [defaults] takes lists, length, notify, streak_minimum, delay and follow")
            }
        }
        return defaults
    }

    /// `[presets.NAME]`; `line`: the table's.
    func preset(named name: String, line: Int?) throws(ConfigError) -> Preset {
        let presetName: PresetName
        do { presetName = try PresetName(name) } catch {
            throw ConfigError(path: path, line: line, reason: "[\(table)]: \(error.description)")
        }
        var preset = Preset(name: presetName, lists: [], duration: nil)
        for (key, value) in values {
            switch key {
            case "lists": preset.lists = try lists(value, key: key)
            case "allow":
                preset.lists = try lists(value, key: key)
                preset.mode = .allow
            case "length": preset.duration = .length(try length(value, key: key))
            case "until":
                guard let time = value.string else { throw fail(key, "give a time in quotes, such as \"17:30\"") }
                preset.duration = .until(time)
            case "lock":
                guard let flag = value.bool else { throw fail(key, "give true or false, without quotes") }
                preset.locked = flag
            case "label":
                guard let text = value.string else { throw fail(key, "give the label in quotes") }
                do { preset.label = try SessionLabel(text) } catch { throw fail(key, error.description) }
            case "delay":
                guard let text = value.string else { throw fail(key, "give a length in quotes, such as \"2m\"") }
                do { preset.delay = try SessionLength.parseDelay(text) } catch { throw fail(key, error.description) }
            case "follow":
                guard let flag = value.bool else { throw fail(key, "give true or false, without quotes") }
                preset.follow = flag
            case "pomodoro", "cycles", "long_break": break  // read together, below
            default:
                throw fail(
                    key,
                    "unknown key; a preset takes lists or allow, length or until (or pomodoro, cycles and "
                        + "long_break), lock, label, delay and follow")
            }
        }
        if values.contains(key: "lists"), values.contains(key: "allow") {
            throw fail("allow", "give lists (to block) or allow (to allow alone), not both")
        }
        if values.contains(key: "length"), values.contains(key: "until") {
            throw fail("until", "give length or until, not both")
        }
        preset.pomodoro = try pomodoro()
        return preset
    }

    /// A preset's pomodoro plan: `pomodoro = "25m/5m"` (WORK/BREAK), and
    /// optionally `cycles = 4` and `long_break = "15m"` (`"0"` for none),
    /// the standard plan's when left out; nil without `pomodoro`.
    private func pomodoro() throws(ConfigError) -> PomodoroPlan? {
        guard let value = values["pomodoro"] else {
            for key in ["cycles", "long_break"] where values.contains(key: key) {
                throw fail(key, "it shapes a pomodoro plan: add pomodoro = \"25m/5m\" (WORK/BREAK)")
            }
            return nil
        }
        for key in ["length", "until"] where values.contains(key: key) {
            throw fail(key, "a pomodoro preset's length is its plan's: give \(key) or pomodoro, not both")
        }
        guard let text = value.string else { throw fail("pomodoro", "give WORK/BREAK in quotes, such as \"25m/5m\"") }
        let lengths: PomodoroLengths
        do { lengths = try PomodoroLengths(text) } catch { throw fail("pomodoro", error.description) }
        var options = PomodoroOptions(requested: true)
        if let cycles = values["cycles"] {
            guard let count = cycles.int else { throw fail("cycles", "give a whole number without quotes, such as 4") }
            options.cycles = count
        }
        if let longBreak = values["long_break"] {
            guard let text = longBreak.string else {
                throw fail("long_break", "give a length in quotes, such as \"15m\"")
            }
            do { options.longBreak = try PomodoroOptions.longBreak(text) } catch {
                throw fail("long_break", error.description)
            }
        }
        do {
            return try options.plan(lengths: lengths, base: nil)
        } catch {
            let key =
                switch error {
                case .plan(.cycles): "cycles"
                case .plan(.longBreak): "long_break"
                default: "pomodoro"
                }
            throw fail(key, error.description)
        }
    }

    private func lists(_ value: TOMLValue, key: String) throws(ConfigError) -> [BlockListName] {
        guard let names = value.array?.map(\.string) else {
            throw fail(key, "give an array of list names, such as [\"social\"]")
        }
        var lists: [BlockListName] = []
        for name in names {
            guard let name else { throw fail(key, "give an array of list names, such as [\"social\"]") }
            do { lists.append(try BlockListName(name)) } catch { throw fail(key, error.description) }
        }
        return lists
    }

    private func length(_ value: TOMLValue, key: String) throws(ConfigError) -> SessionLength {
        guard let text = value.string else { throw fail(key, "give a length in quotes, such as \"50m\"") }
        do { return try SessionLength.parse(text, bounds: .unbounded) } catch { throw fail(key, error.description) }
    }

    func fail(_ key: String, _ reason: String) -> ConfigError {
        ConfigError(path: path, line: values.line(of: key), reason: "[\(table)] '\(key)': \(reason)")
    }
}
