/// A day of the proleptic Gregorian calendar and its number of days since
/// 1970-01-01, both ways: pure arithmetic (Howard Hinnant's
/// `civil_from_days` and `days_from_civil`), no calendar object, for
/// walking a schedule day by day and for the local days of stats.
package struct CivilDay: Equatable {
    /// The year, such as 2026.
    let year: Int
    /// 1-12.
    package let month: Int
    /// 1-31.
    package let day: Int
    /// 0 for Sunday through 6 for Saturday.
    package let weekday: Int

    /// The day `days` days after 1970-01-01 (a Thursday); negative before it.
    package init(daysSinceEpoch days: Int) {
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

    /// The number of days from 1970-01-01 to the day with this year, month
    /// (1–12) and day of the month (1–31); out-of-range values roll over as
    /// in a calendar (month 13 is next January, day 0 the month's eve).
    static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        // Whole years of months first, so that the month is 1...12.
        let yearsOver = floorDivide(month - 1, 12)
        let (year, month) = (year + yearsOver, month - 12 * yearsOver)
        // Years start in March, so that a leap day is the year's last.
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * ((month + 9) % 12) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// `value / divisor` rounded towards minus infinity (`divisor` > 0).
    static func floorDivide(_ value: Int, _ divisor: Int) -> Int {
        value >= 0 ? value / divisor : -((-value + divisor - 1) / divisor)
    }
}
