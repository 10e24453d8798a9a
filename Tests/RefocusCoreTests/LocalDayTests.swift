import Foundation
import Testing
@testable import RefocusCore

/// Local days as numbers: the civil date and weekday both ways, across leap years and before 1970.
@Suite struct LocalDayTests {
    @Test(arguments: [
        ("1970-01-01", 0, 5), ("1969-12-31", -1, 4), ("2000-02-29", 11016, 3), ("2026-03-29", 20541, 1),
        ("2026-10-25", 20751, 1), ("2024-12-31", 20088, 3), ("1900-03-01", -25508, 5),
    ])
    func civilDatesAndWeekdays(text: String, number: Int, weekday: Int) {
        let parts = text.split(separator: "-").compactMap { Int($0) }
        let day = LocalDay(year: parts[0], month: parts[1], day: parts[2])
        #expect(day.number == number && day.description == text && day.weekday == weekday)
        #expect(LocalDay(number: number).description == text)
    }

    @Test func everyDayOfFourHundredYearsRoundTrips() {
        for number in -80_000...80_000 {
            let (year, month, day) = LocalDay(number: number).civil
            #expect(LocalDay(year: year, month: month, day: day).number == number)
        }
    }

    @Test(arguments: [(2, "2026-05-11"), (1, "2026-05-10"), (7, "2026-05-16")])
    func weeksStartOnTheirFirstWeekday(firstWeekday: Int, start: String) {
        // Saturday 2026-05-16.
        #expect(LocalDay(year: 2026, month: 5, day: 16).weekStart(firstWeekday: firstWeekday).description == start)
    }
}
