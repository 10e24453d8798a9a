/// The minutes, hours, days and months at which cron starts a job, held as
/// Debian's cron holds them: one set of values per field, and whether the
/// minute, hour, day-of-month and day-of-week fields began with `*`.
///
/// The `*` flags are cron's own rules, not just "every value": when either
/// day field begins with `*` a day must match both fields, otherwise either
/// one (`30 4 1,15 * fri` runs on the 1st, the 15th and every Friday); and a
/// job whose minute or hour field begins with `*` is a "wildcard" job, which
/// cron treats differently across clock changes (see `nextRuns`).
public struct CronTimes: Sendable, Equatable {
    /// The minutes 0-59, one bit each.
    var minutes: UInt64
    /// The hours 0-23, one bit each.
    var hours: UInt64
    /// The days of the month 1-31, one bit each (bit 0 unused).
    var daysOfMonth: UInt64
    /// The months 1-12, one bit each (bit 0 unused).
    var months: UInt64
    /// The days of the week 0-7, Sunday both 0 and 7.
    var daysOfWeek: UInt64
    /// Which fields began with `*`.
    var stars: Stars

    /// Which fields began with `*` (cron's MIN_STAR, HR_STAR, DOM_STAR, DOW_STAR).
    struct Stars: OptionSet, Sendable, Equatable {
        let rawValue: UInt8
        static let minute = Stars(rawValue: 1)
        static let hour = Stars(rawValue: 2)
        static let dayOfMonth = Stars(rawValue: 4)
        static let dayOfWeek = Stars(rawValue: 8)
    }

    /// Whether a change of the clock treats this as a wildcard job: its
    /// minute or hour field begins with `*` (or it is `@hourly`).
    public var isWildcard: Bool { !stars.isDisjoint(with: [.minute, .hour]) }

    /// Whether cron runs the job on this day: the month matches, and the day
    /// of the month and the day of the week by cron's rule (both when either
    /// field began with `*`, else either). `weekday` is 0 for Sunday.
    func matches(month: Int, dayOfMonth: Int, weekday: Int) -> Bool {
        guard Self.has(months, month) else { return false }
        let (day, week) = (Self.has(daysOfMonth, dayOfMonth), Self.has(daysOfWeek, weekday))
        return stars.isDisjoint(with: [.dayOfMonth, .dayOfWeek]) ? day || week : day && week
    }

    /// The wall-clock minutes of a day the job runs at, as minutes since midnight, ascending.
    var minutesOfDay: [Int] {
        (0..<24).filter { Self.has(hours, $0) }.flatMap { hour in
            (0..<60).filter { Self.has(minutes, $0) }.map { hour * 60 + $0 }
        }
    }

    /// The field's set of values.
    func values(of field: CronField) -> UInt64 {
        switch field {
        case .minute: minutes
        case .hour: hours
        case .dayOfMonth: daysOfMonth
        case .month: months
        case .dayOfWeek: daysOfWeek
        }
    }

    static func has(_ set: UInt64, _ value: Int) -> Bool { set & (1 << UInt64(value)) != 0 }

    /// Every value from `low` through `high`.
    static func all(_ low: Int, _ high: Int) -> UInt64 {
        (low...high).reduce(0) { $0 | 1 << UInt64($1) }
    }
}

extension CronTimes {
    /// What each nickname stands for, with Debian's flags (cron's entry.c):
    /// `@yearly` is `0 0 1 1 *`, `@monthly` `0 0 1 * *`, `@weekly` `0 0 * * 0`,
    /// `@daily` `0 0 * * *` and `@hourly` `0 * * * *`, where `@hourly` is a
    /// wildcard job and the others are fixed-time jobs.
    static func nickname(_ word: String) -> CronTimes? {
        let (midnight, everyDay, everyMonth, everyWeekday) = (UInt64(1), all(1, 31), all(1, 12), all(0, 7))
        switch word {
        case "@yearly", "@annually":
            return CronTimes(
                minutes: 1, hours: midnight, daysOfMonth: 1 << 1, months: 1 << 1,
                daysOfWeek: everyWeekday, stars: .dayOfWeek)
        case "@monthly":
            return CronTimes(
                minutes: 1, hours: midnight, daysOfMonth: 1 << 1, months: everyMonth,
                daysOfWeek: everyWeekday, stars: .dayOfWeek)
        case "@weekly":
            return CronTimes(
                minutes: 1, hours: midnight, daysOfMonth: everyDay, months: everyMonth,
                daysOfWeek: 1 | 1 << 7, stars: .dayOfMonth)
        case "@daily", "@midnight":
            return CronTimes(
                minutes: 1, hours: midnight, daysOfMonth: everyDay, months: everyMonth,
                daysOfWeek: everyWeekday, stars: [])
        case "@hourly":
            return CronTimes(
                minutes: 1, hours: all(0, 23), daysOfMonth: everyDay, months: everyMonth,
                daysOfWeek: everyWeekday, stars: .hour)
        default:
            return nil
        }
    }
}
