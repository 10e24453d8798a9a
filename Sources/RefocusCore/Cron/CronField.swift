/// One of the five time and date fields of a crontab line, in their order,
/// with the values and names Debian's cron accepts in each.
public enum CronField: Int, Sendable, CaseIterable, CustomStringConvertible {
    /// 0-59.
    case minute = 1
    /// 0-23.
    case hour
    /// 1-31.
    case dayOfMonth
    /// 1-12, or jan-dec.
    case month
    /// 0-7 (0 and 7 are both Sunday), or sun-sat.
    case dayOfWeek

    /// The smallest value the field takes.
    public var low: Int {
        switch self {
        case .minute, .hour, .dayOfWeek: 0
        case .dayOfMonth, .month: 1
        }
    }

    /// The largest value the field takes.
    public var high: Int {
        switch self {
        case .minute: 59
        case .hour: 23
        case .dayOfMonth: 31
        case .month: 12
        case .dayOfWeek: 7
        }
    }

    /// The three-letter names the field accepts, lower case, the first
    /// standing for `low`; empty when it takes numbers only. Cron compares
    /// them without regard to case.
    var names: [String] {
        switch self {
        case .month: ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
        case .dayOfWeek: ["sun", "mon", "tue", "wed", "thu", "fri", "sat"]
        default: []
        }
    }

    /// What a value of the field is, for messages: `a day of the week (0-7 or sun-sat)`.
    public var description: String {
        switch self {
        case .minute: "a minute (0-59)"
        case .hour: "an hour (0-23)"
        case .dayOfMonth: "a day of the month (1-31)"
        case .month: "a month (1-12 or jan-dec)"
        case .dayOfWeek: "a day of the week (0-7 or sun-sat; 0 and 7 are Sunday)"
        }
    }

    /// The value of `token` (digits, or one of `names` in any case), when it
    /// is one of this field's values.
    func value(of token: Substring) -> Int? {
        if let index = names.firstIndex(of: token.lowercased()) { return low + index }
        guard !token.isEmpty, token.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        // Leading zeros are fine (cron reads 007 as 7); a long run of digits is out of range.
        let digits = token.drop { $0 == "0" }
        guard digits.count <= 2 else { return nil }
        let value = Int(digits) ?? 0
        return (low...high).contains(value) ? value : nil
    }
}
