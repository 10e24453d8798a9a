/// A day of the proleptic Gregorian calendar, from its number of days since
/// 1970-01-01: pure arithmetic (Howard Hinnant's `civil_from_days`), no
/// calendar object, for walking a schedule day by day.
struct CivilDay: Equatable {
    /// The year, such as 2026.
    let year: Int
    /// 1-12.
    let month: Int
    /// 1-31.
    let day: Int
    /// 0 for Sunday through 6 for Saturday.
    let weekday: Int

    /// The day `days` days after 1970-01-01 (a Thursday); negative before it.
    init(daysSinceEpoch days: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        weekday = ((days + 4) % 7 + 7) % 7
    }
}
