/// When cron starts a job: the five time and date fields of a crontab line,
/// or one of its `@` nicknames, checked as Debian's cron checks them.
///
/// Accepts what Debian's `crontab` accepts: `*`, numbers, ranges (`1-5`),
/// steps after `*` or a range (`*/15`, `1-30/5`), lists of these (`1,15`,
/// `0-4,8-12`), month and day names in any case (`jan`-`dec`, `sun`-`sat`,
/// also in ranges: `mon-fri`), 0 and 7 both Sunday, and `@reboot`, `@yearly`,
/// `@annually`, `@monthly`, `@weekly`, `@daily`, `@midnight` and `@hourly`
/// (lower case, as cron wants them). See `CronExpressionError` for the few
/// forms cron installs but that are refused here.
public struct CronExpression: Sendable, Equatable, CustomStringConvertible {
    /// The expression as it is written into a crontab: the fields as given,
    /// separated by single spaces, or the nickname.
    public let text: String

    /// When it runs: at boot, or at the times of `CronTimes`.
    public let schedule: Schedule

    /// At boot, or at certain times.
    public enum Schedule: Sendable, Equatable {
        /// `@reboot`: when the cron daemon starts at boot.
        case atBoot
        /// At the minutes of these times.
        case times(CronTimes)
    }

    /// Parses `text`, refusing it with the field and the item at fault.
    ///
    /// - Throws: `CronExpressionError`.
    public init(_ text: String) throws(CronExpressionError) {
        if text.unicodeScalars.contains(where: { $0.value < 0x20 && $0 != "\t" || $0.value == 0x7F }) {
            throw .notOneLine(text)
        }
        let fields = text.split { $0 == " " || $0 == "\t" }
        guard let first = fields.first else { throw .empty }
        if first.hasPrefix("@") {
            guard fields.count == 1 else { throw .nicknameWithFields(fields.joined(separator: " ")) }
            let word = String(first)
            if word == "@reboot" {
                schedule = .atBoot
            } else if let times = CronTimes.nickname(word) {
                schedule = .times(times)
            } else {
                throw .unknownNickname(word)
            }
            self.text = word
            return
        }
        guard fields.count == 5 else { throw .fieldCount(fields.count, in: fields.joined(separator: " ")) }
        var sets: [UInt64] = []
        for (field, item) in zip(CronField.allCases, fields) {
            sets.append(try Self.values(of: item, in: field))
        }
        var stars: CronTimes.Stars = []
        for (flag, item) in zip([CronTimes.Stars.minute, .hour, .dayOfMonth], fields) where item.hasPrefix("*") {
            stars.insert(flag)
        }
        if fields[4].hasPrefix("*") { stars.insert(.dayOfWeek) }
        // Sunday is both 0 and 7, as cron makes it.
        if sets[4] & (1 | 1 << 7) != 0 { sets[4] |= 1 | 1 << 7 }
        self.text = fields.joined(separator: " ")
        let times = CronTimes(
            minutes: sets[0], hours: sets[1], daysOfMonth: sets[2], months: sets[3],
            daysOfWeek: sets[4], stars: stars)
        schedule = .times(times)
        if !times.matchesSomeDay { throw .neverRuns(self.text) }
    }

    /// The expression as written into a crontab.
    public var description: String { text }

    /// The set of values of one field: items separated by commas.
    private static func values(of text: Substring, in field: CronField) throws(CronExpressionError) -> UInt64 {
        var set: UInt64 = 0
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard !item.isEmpty else { throw .badItem(field, token: String(text), .emptyItem) }
            set |= try values(ofItem: item, in: field)
        }
        return set
    }

    /// One item: `*`, a value or a range, with an optional step after `*` or a range.
    private static func values(ofItem item: Substring, in field: CronField) throws(CronExpressionError) -> UInt64 {
        let token = String(item)
        // Cron reads a value as a run of letters and digits (get_number), then looks at what follows.
        func word(_ text: Substring) -> (Substring, rest: Substring) {
            let end = text.firstIndex { !($0.isASCII && ($0.isLetter || $0.isNumber)) } ?? text.endIndex
            return (text[..<end], text[end...])
        }
        var (low, high) = (field.low, field.high)
        var rest: Substring
        if item.hasPrefix("*") {
            rest = item.dropFirst()
        } else {
            let (first, afterFirst) = word(item)
            guard let start = field.value(of: first) else {
                throw .badItem(field, token: first.isEmpty ? token : String(first), .notAValue)
            }
            (low, high, rest) = (start, start, afterFirst)
            if rest.hasPrefix("/") { throw .badItem(field, token: token, .stepWithoutRange) }
            if rest.hasPrefix("-") {
                let (last, afterLast) = word(rest.dropFirst())
                guard let end = field.value(of: last) else {
                    throw .badItem(field, token: last.isEmpty ? token : String(last), .notAValue)
                }
                guard end >= start else { throw .badItem(field, token: token, .backwards) }
                (high, rest) = (end, afterLast)
            }
        }
        var step = 1
        if rest.hasPrefix("/") {
            let (digits, afterStep) = word(rest.dropFirst())
            let significant = digits.drop { $0 == "0" }
            guard digits.utf8.allSatisfy({ (0x30...0x39).contains($0) }), !significant.isEmpty else {
                throw .badItem(field, token: token, .badStep)
            }
            // Any step past the field's width picks its first value only.
            let value = significant.count > 3 ? 1000 : Int(significant) ?? 1000
            (step, rest) = (value, afterStep)
        }
        guard rest.isEmpty else { throw .badItem(field, token: token, .trailing(String(rest))) }
        return stride(from: low, through: high, by: step).reduce(0) { $0 | 1 << UInt64($1) }
    }
}

extension CronTimes {
    /// Whether some date has a month and a day that the fields match. When
    /// both day fields are restricted a matching weekday is enough; else a
    /// day of the month must exist in a matching month (every such day falls
    /// on every weekday in some year, so the weekdays narrow nothing).
    var matchesSomeDay: Bool {
        let longest = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        let eitherDay = stars.isDisjoint(with: [.dayOfMonth, .dayOfWeek])
        return (1...12).contains { month in
            Self.has(months, month) && (eitherDay || (1...longest[month - 1]).contains { Self.has(daysOfMonth, $0) })
        }
    }
}
