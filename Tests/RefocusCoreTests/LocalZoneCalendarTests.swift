import Foundation
import RefocusTestSupport
import Testing
@testable import RefocusCore

/// Local days, midnights, `--until` times and `--since` days worked out from
/// offsets (`LocalZone`) give what Foundation's `Calendar` gave when the
/// core used it: around every change of offset from 1970 to 2040 in zones
/// with gaps and repeats of every kind, and at instants spread over 1900–2100.
@Suite struct LocalZoneCalendarTests {
    static let zones = [
        "Europe/Berlin", "America/New_York", "Australia/Lord_Howe", "Australia/Sydney", "Asia/Kolkata",
        "Pacific/Chatham",
        "America/Sao_Paulo", "America/Havana", "Asia/Beirut", "Pacific/Apia", "Pacific/Kiritimati", "America/St_Johns",
        "Europe/Dublin", "Africa/Casablanca", "Antarctica/Troll", "UTC",
    ]

    /// Instants around each change of `zone`'s offset from 1970 to 2040, and 300 more from 1900 to 2100.
    static func instants(_ zone: TimeZone) -> [Date] {
        var instants: [Date] = []
        var next = zone.nextDaylightSavingTimeTransition(after: Date(timeIntervalSince1970: 0))
        while let change = next, change.timeIntervalSince1970 < 2_208_988_800 {
            for offset in [-86_400.0, -43_200, -3600, -1, 0, 1, 1800, 3600, 43_200] {
                instants.append(change.addingTimeInterval(offset))
            }
            next = zone.nextDaylightSavingTimeTransition(after: change)
        }
        var random = SeededGenerator(seed: 1970)
        for _ in 0..<300 {
            instants.append(
                Date(timeIntervalSince1970: Double.random(in: -2_208_988_800...4_102_444_800, using: &random).rounded())
            )
        }
        return instants
    }

    static func gregorian(_ zone: TimeZone) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar
    }

    @Test(arguments: zones)
    func daysAndTheirStartsAreCalendars(identifier: String) throws {
        let timeZone = try #require(TimeZone(identifier: identifier))
        let (zone, calendar) = (LocalZone(timeZone), Self.gregorian(timeZone))
        for instant in Self.instants(timeZone) {
            let parts = calendar.dateComponents([.year, .month, .day], from: instant)
            let day = zone.day(of: instant)
            #expect(
                day == LocalDay(year: parts.year ?? 0, month: parts.month ?? 0, day: parts.day ?? 0),
                "\(identifier) \(instant)")
            #expect(zone.start(of: day) == calendar.startOfDay(for: instant), "\(identifier) \(instant)")
        }
    }

    /// The zones whose changes since 1970 are whole hours on the hour, where `Calendar.nextDate` kept to
    /// what `EndTime` says (a skipped time is the end of the jump; a repeated one its next occurrence).
    /// Elsewhere it answered a day late or nothing (Lord Howe's half hour, Chatham's 02:45, St. John's
    /// 00:01, Troll's two hours, Kiritimati's 40 minutes, and local mean time's seconds before that):
    /// `EndTimeTests` holds what `EndTime` answers there.
    static let wholeHourZones = zones.filter {
        !["Australia/Lord_Howe", "Pacific/Chatham", "America/St_Johns", "Antarctica/Troll", "Pacific/Kiritimati"]
            .contains($0)
    }

    @Test(arguments: wholeHourZones)
    func untilTimesAreCalendars(identifier: String) throws {
        let timeZone = try #require(TimeZone(identifier: identifier))
        let (zone, calendar) = (LocalZone(timeZone), Self.gregorian(timeZone))
        for instant in Self.instants(timeZone) where instant.timeIntervalSince1970 >= 0 {
            // The clock time of the instant and some around it: those the change skips or repeats among them.
            let shown = calendar.dateComponents([.hour, .minute], from: instant)
            let minutes = (shown.hour ?? 0) * 60 + (shown.minute ?? 0)
            for delta in [-90, -30, 0, 30, 60, 600] {
                let clock = ((minutes + delta) % 1440 + 1440) % 1440
                let text = "\(clock / 60):" + (clock % 60 < 10 ? "0" : "") + "\(clock % 60)"
                let end = try? EndTime.parse(text, now: instant, timeZone: zone, bounds: .unbounded)
                #expect(
                    end == Self.calendarEnd(clock / 60, clock % 60, after: instant, calendar),
                    "\(identifier) \(instant) \(text)")
            }
        }
    }

    @Test(arguments: zones)
    func sinceDaysAreCalendars(identifier: String) throws {
        let timeZone = try #require(TimeZone(identifier: identifier))
        let (zone, calendar) = (LocalZone(timeZone), Self.gregorian(timeZone))
        for instant in Self.instants(timeZone) {
            #expect(try SinceDate.parse("today", now: instant, timeZone: zone) == calendar.startOfDay(for: instant))
            let yesterday = calendar.date(byAdding: .day, value: -1, to: instant).map(calendar.startOfDay(for:))
            #expect(
                try SinceDate.parse("yesterday", now: instant, timeZone: zone) == yesterday, "\(identifier) \(instant)")
            let parts = calendar.dateComponents([.year, .month, .day], from: instant)
            let text = String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
            #expect(
                try SinceDate.parse(text, now: instant, timeZone: zone) == calendar.startOfDay(for: instant),
                "\(identifier) \(text)")
        }
    }

    /// What `EndTime.parse` answered with `Calendar` (its code before `LocalZone`).
    static func calendarEnd(_ hour: Int, _ minute: Int, after now: Date, _ calendar: Calendar) -> Date? {
        let matching = DateComponents(hour: hour, minute: minute, second: 0)
        let candidates = [Calendar.RepeatedTimePolicy.first, .last].compactMap {
            calendar.nextDate(
                after: now, matching: matching, matchingPolicy: .nextTime, repeatedTimePolicy: $0,
                direction: .forward)
        }
        return candidates.filter { $0 > now }.min()
    }
}
