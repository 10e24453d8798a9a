/// Why a cron expression was refused, naming the field and the text at fault.
///
/// Everything refused here is refused by Debian's `crontab` too, except four
/// forms it installs but that do not do what they say, which are refused on
/// purpose: a range that runs backwards (`mon-sun`, `5-1`: cron matches
/// nothing in it), text after an item that cron silently ignores (`*-5` is
/// `*`, `*/5/2` is `*/5`, `1-5-7` is `1-5`), and an expression no date ever
/// matches (`0 0 30 2 *`).
public enum CronExpressionError: RefocusError, Equatable {
    /// Nothing was given.
    case empty
    /// Not five fields.
    case fieldCount(Int, in: String)
    /// An `@` word that is not one of cron's nicknames.
    case unknownNickname(String)
    /// A nickname followed by more fields.
    case nicknameWithFields(String)
    /// One item of a field, and why it is wrong.
    case badItem(CronField, token: String, CronItemProblem)
    /// A line break or a character no field can hold.
    case notOneLine(String)
    /// An expression that no date matches, so cron would never run it.
    case neverRuns(String)

    /// A bad expression is bad data given on the command line.
    public var category: ErrorCategory { .data }

    /// One line naming the field, the text and the fix.
    public var description: String {
        let fields =
            "minute, hour, day of month, month and day of week (such as '30 8 * * mon-fri'), "
            + "or one of @reboot, @yearly, @annually, @monthly, @weekly, @daily, @midnight, @hourly"
        switch self {
        case .empty:
            return "the cron expression is empty; give five fields: \(fields)"
        case let .fieldCount(count, text):
            return "'\(text)' has \(count) field\(count == 1 ? "" : "s"); a cron expression has five: \(fields)"
        case let .unknownNickname(word):
            return "'\(word)' is not one of cron's nicknames; use @reboot, @yearly, @annually, @monthly, "
                + "@weekly, @daily, @midnight or @hourly (lower case), or five fields"
        case let .nicknameWithFields(text):
            return "'\(text)': a nickname such as @daily stands alone, in place of all five fields"
        case let .badItem(field, token, problem):
            return "field \(field.rawValue) '\(token)': \(problem.explanation(field))"
        case let .notOneLine(text):
            return "\(String(reflecting: text)) is not a cron expression: it holds a line break or a control character"
        case let .neverRuns(text):
            return "'\(text)' matches no date (such as the 30th of February), so cron would never run it"
        }
    }
}

/// What is wrong with one item of a cron field.
public enum CronItemProblem: Sendable, Equatable {
    /// Not a number in the field's range, nor one of its names.
    case notAValue
    /// Nothing between two commas, or at either end.
    case emptyItem
    /// A step after a single value, as in `5/10` (cron wants `5-59/10` or `*/10`).
    case stepWithoutRange
    /// A step that is not a whole number of 1 or more.
    case badStep
    /// A range whose end comes before its start.
    case backwards
    /// Text after an item that cron would silently ignore.
    case trailing(String)

    /// The reason, for `field N 'token': reason`.
    func explanation(_ field: CronField) -> String {
        switch self {
        case .notAValue: "not \(field)"
        case .emptyItem: "an empty item; separate values with single commas, as in 1,15"
        case .stepWithoutRange: "a step needs a range or '*' before it, as in */15 or 0-30/10"
        case .badStep: "the step after '/' must be a whole number of 1 or more"
        case .backwards:
            "the range runs backwards, so cron would match nothing in it; write it upwards"
                + (field == .dayOfWeek ? " (7 is Sunday too: Monday to Sunday is 1-7, Saturday and Sunday 6-7)" : "")
        case let .trailing(rest): "'\(rest)' after the item makes no sense to cron, which would ignore it; remove it"
        }
    }
}
