import RefocusCore

/// Why a schedule could not be added, read or removed.
///
/// Line numbers count lines of the whole crontab, as `crontab -l` prints it.
public enum ScheduleError: RefocusError, Equatable {
    /// A preset name outside `[a-z0-9][a-z0-9_-]{0,63}`.
    case invalidPresetName(String)
    /// A length given where a preset's name belongs (no `--list`).
    case lengthWithoutLists(String)
    /// The crontab's `# BEGIN refocus` … `# END refocus` section is damaged.
    case damagedCrontab(ManagedSectionError)
    /// A line inside the section that refocus did not write.
    case unrecognisedLine(line: Int, text: String)
    /// Two lines of the section carry the same number.
    case duplicateID(Int, line: Int)
    /// No entry has this number.
    case notFound(Int)
    /// An entry with the same expression and action exists.
    case alreadyScheduled(Int)
    /// The path of refocus itself cannot stand in a crontab line.
    case unwritableProgram(String)
    /// A reminder's text that is not one short line of text (`ReminderText`): the text and the fault.
    case invalidReminder(String, String)

    /// Missing entries are not found, a path that cannot be written is the
    /// installation's fault, the rest is bad data.
    public var category: ErrorCategory {
        switch self {
        case .notFound: .notFound
        case .unwritableProgram: .configuration
        case .lengthWithoutLists: .usage
        default: .data
        }
    }

    /// One line naming the value, the cause and the fix.
    public var description: String {
        let edit = "fix or remove it with 'crontab -e', then try again"
        switch self {
        case let .invalidPresetName(name):
            return "'\(name)' is not a preset name; use 1 to 64 lower-case letters, digits, '-' or '_', "
                + "starting with a letter or digit"
        case let .lengthWithoutLists(length):
            return "'\(length)' is a length, not a preset's name: name the lists to block with --list, "
                + "as in 'refocus schedule add \"30 8 * * mon-fri\" --list work \(length)'"
        case let .damagedCrontab(error):
            return "your crontab, \(error.description) (edit it with 'crontab -e')"
        case let .unrecognisedLine(line, text):
            return "your crontab, line \(line): '\(text)' is inside the refocus section but is not a schedule "
                + "refocus wrote; \(edit)"
        case let .duplicateID(id, line):
            return "your crontab, line \(line): a second schedule numbered \(id); \(edit)"
        case let .alreadyScheduled(id):
            return "schedule #\(id) already starts this at these times; 'refocus schedule list' shows it"
        case let .notFound(id):
            return "no schedule #\(id); 'refocus schedule list' shows them with their numbers"
        case let .invalidReminder(text, fault):
            let shown = text.unicodeScalars.count > 60 ? String(text.unicodeScalars.prefix(60)) + "…" : text
            return "\(String(reflecting: shown)) cannot be a reminder: \(fault); give one line of text of at most "
                + "\(ReminderText.maximumBytes) bytes"
        case let .unwritableProgram(path):
            return "refocus runs from \(String(reflecting: path)), which a crontab line cannot name (a line "
                + "break, or the file was deleted); run the installed refocus (sudo make install)"
        }
    }
}
