import RefocusCore

/// One line of the crontab's refocus section: an entry, and the program
/// and configuration folder its `refocus start` (or `refocus sync`) runs with.
///
/// `30 8 * * mon-fri /usr/bin/refocus start -q --list work 3h # refocus-schedule 3`:
/// the expression, then (only when the user's `XDG_CONFIG_HOME` or
/// `XDG_STATE_HOME` is set) assignments giving the run the same
/// configuration and state folders in cron's environment, which has no XDG
/// variables (list sync keeps its last synced copies in the state folder), then the absolute path of
/// `refocus`, `start -q` (nothing printed on success, so cron mails nothing)
/// and its arguments, quoted for sh and escaped for cron, then a shell
/// comment naming the entry's number.
public struct ScheduledLine: Sendable, Equatable {
    /// The entry.
    public let entry: ScheduleEntry
    /// The absolute path of the `refocus` the line runs.
    public let program: String
    /// The `XDG_CONFIG_HOME` the line sets, if any.
    public let configHome: String?
    /// The `XDG_STATE_HOME` the line sets, if any.
    public let stateHome: String?
    /// The line as written into the crontab, without a line terminator.
    public let text: String

    /// The line for `entry`, run by `program` (an absolute path).
    ///
    /// - Throws: `ScheduleError.unwritableProgram` when `program` or
    ///   `configHome` holds a line break, which no crontab line can carry.
    public init(entry: ScheduleEntry, program: String, configHome: String?, stateHome: String? = nil)
        throws(ScheduleError)
    {
        let environment =
            (configHome.map { [(name: Self.configVariable, value: $0)] } ?? [])
            + (stateHome.map { [(name: Self.stateVariable, value: $0)] } ?? [])
        guard
            let command = CrontabCommand.line(
                environment: environment,
                words: [program] + entry.action.commandWords)
        else {
            throw .unwritableProgram(program + environment.map { " (\($0.name)=\($0.value))" }.joined())
        }
        self.entry = entry
        self.program = program
        self.configHome = configHome
        self.stateHome = stateHome
        text = "\(entry.expression.text) \(command) \(Self.marker)\(entry.id)"
    }

    /// Reads a line this type wrote; nil for any other line, including one
    /// whose every byte is not exactly what this type would write for it.
    public init?(parsing line: String) {
        let (expressionText, command) = Self.splitExpression(line)
        guard let expression = try? CronExpression(expressionText),
            let parsed = CrontabCommand.words(of: command),
            let comment = parsed.comment, comment.hasPrefix(" refocus-schedule "),
            let id = Int(comment.dropFirst(" refocus-schedule ".count)), id > 0
        else { return nil }
        var rest = parsed.words[...]
        var configHome: String?
        if let first = rest.first, first.hasPrefix(Self.configVariable + "=") {
            configHome = String(first.dropFirst(Self.configVariable.count + 1))
            rest = rest.dropFirst()
        }
        var stateHome: String?
        if let first = rest.first, first.hasPrefix(Self.stateVariable + "=") {
            stateHome = String(first.dropFirst(Self.stateVariable.count + 1))
            rest = rest.dropFirst()
        }
        guard rest.count >= 3, let program = rest.first, program.hasPrefix("/"),
            let action = ScheduleAction(commandWords: Array(rest.dropFirst())),
            let again = try? ScheduledLine(
                entry: ScheduleEntry(id: id, expression: expression, action: action),
                program: program, configHome: configHome, stateHome: stateHome),
            again.text == line
        else { return nil }
        self = again
    }

    /// The variable that gives a run the user's configuration folder.
    static let configVariable = "XDG_CONFIG_HOME"
    /// The variable that gives a run the user's state folder.
    static let stateVariable = "XDG_STATE_HOME"

    /// What ends every line, before the entry's number.
    static let marker = "# refocus-schedule "

    /// The expression (a nickname, or five fields) and the rest of the line after the blanks that follow it.
    private static func splitExpression(_ line: String) -> (String, Substring) {
        var rest = line[...]
        var fields: [Substring] = []
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        while fields.count < (line.hasPrefix("@") ? 1 : 5) {
            rest = rest.drop(while: blank)
            let field = rest.prefix { !blank($0) }
            guard !field.isEmpty else { break }
            fields.append(field)
            rest = rest.dropFirst(field.count)
        }
        return (fields.joined(separator: " "), rest.drop(while: blank))
    }
}
