import Foundation
import Testing
@testable import RefocusCore

/// `LocalZone`'s local days and clock readings, worked out from offsets
/// alone: where a reading falls across gaps and repeats (northern and
/// southern hemisphere, half-hour and 45-minute zones, a skipped day, a
/// skipped midnight, far past and future), with ICU's offsets (Foundation's
/// `TimeZone`) as the zone.
@Suite struct LocalZoneTests {
    static func zone(_ identifier: String) throws -> LocalZone {
        LocalZone(try #require(TimeZone(identifier: identifier), "\(identifier) is known to ICU"))
    }

    static func instant(_ text: String) throws -> Int {
        Int(try Date(text, strategy: .iso8601).timeIntervalSince1970)
    }

    /// The wall time of the local `YYYY-MM-DD HH:MM`.
    static func wall(_ text: String) throws -> Int {
        let parts = text.split(whereSeparator: { "- :".contains($0) }).compactMap { Int($0) }
        try #require(parts.count == 5)
        return LocalDay(year: parts[0], month: parts[1], day: parts[2]).number * 86_400 + parts[3] * 3600 + parts[4]
            * 60
    }

    @Test(
        "a reading the clock shows once",
        arguments: [
            ("Europe/Berlin", "2026-07-01 12:00", "2026-07-01T10:00:00Z"),
            ("Asia/Kolkata", "2026-03-29 02:30", "2026-03-28T21:00:00Z"),
            ("Pacific/Chatham", "2026-01-15 08:00", "2026-01-14T18:15:00Z"),
            ("Asia/Beirut", "2024-10-27 00:00", "2024-10-26T22:00:00Z"),
            ("Europe/Berlin", "1850-01-01 00:00", "1849-12-31T23:06:32Z"),
            ("America/New_York", "1850-10-14 09:00", "1850-10-14T13:56:02Z"),
            ("Europe/Berlin", "2300-07-01 12:00", "2300-07-01T10:00:00Z"),
            ("UTC", "2026-03-29 02:30", "2026-03-29T02:30:00Z"),
        ])
    func once(zone: String, local: String, instant: String) throws {
        #expect(try Self.zone(zone).placement(ofWall: Self.wall(local)) == .once(try Self.instant(instant)))
    }

    @Test(
        "a reading the clock shows twice, before and after it goes back",
        arguments: [
            ("Europe/Berlin", "2026-10-25 02:30", "2026-10-25T00:30:00Z", "2026-10-25T01:30:00Z"),
            ("America/New_York", "2026-11-01 01:30", "2026-11-01T05:30:00Z", "2026-11-01T06:30:00Z"),
            ("Australia/Sydney", "2026-04-05 02:30", "2026-04-04T15:30:00Z", "2026-04-04T16:30:00Z"),
            ("Australia/Lord_Howe", "2026-04-05 01:45", "2026-04-04T14:45:00Z", "2026-04-04T15:15:00Z"),
            ("Pacific/Chatham", "2026-04-05 03:00", "2026-04-04T13:15:00Z", "2026-04-04T14:15:00Z"),
            ("America/Sao_Paulo", "2019-02-16 23:30", "2019-02-17T01:30:00Z", "2019-02-17T02:30:00Z"),
            ("Europe/Berlin", "2300-10-28 02:30", "2300-10-28T00:30:00Z", "2300-10-28T01:30:00Z"),
        ])
    func repeated(zone: String, local: String, first: String, second: String) throws {
        let placement = try Self.zone(zone).placement(ofWall: Self.wall(local))
        #expect(placement == .repeated(first: try Self.instant(first), second: try Self.instant(second)))
        #expect(placement.occurrences == [try Self.instant(first), try Self.instant(second)])
    }

    @Test(
        "a reading the clock jumps over: the end of the jump and its offsets",
        arguments: [
            ("Europe/Berlin", "2026-03-29 02:30", "2026-03-29T01:00:00Z", 3600, 7200),
            ("America/New_York", "2026-03-08 02:30", "2026-03-08T07:00:00Z", -18000, -14400),
            ("Australia/Sydney", "2026-10-04 02:30", "2026-10-03T16:00:00Z", 36000, 39600),
            ("Australia/Lord_Howe", "2026-10-04 02:15", "2026-10-03T15:30:00Z", 37800, 39600),
            ("Pacific/Chatham", "2026-09-27 03:00", "2026-09-26T14:00:00Z", 45900, 49500),
            ("America/Sao_Paulo", "2018-11-04 00:00", "2018-11-04T03:00:00Z", -10800, -7200),
            ("Pacific/Apia", "2011-12-30 12:00", "2011-12-30T10:00:00Z", -36000, 50400),
            ("Antarctica/Troll", "2026-03-29 01:30", "2026-03-29T01:00:00Z", 0, 7200),
            ("Europe/Berlin", "2300-03-25 02:30", "2300-03-25T01:00:00Z", 3600, 7200),
        ])
    func skipped(zone: String, local: String, at: String, from: Int, to: Int) throws {
        let placement = try Self.zone(zone).placement(ofWall: Self.wall(local))
        #expect(placement == .skipped(ZoneJump(at: try Self.instant(at), from: from, to: to)))
        #expect(placement.earliest == (try Self.instant(at)))
    }

    @Test(
        "a day starts at its first midnight, or where a jump over midnight ends",
        arguments: [
            ("Europe/Berlin", "2026-03-29", "2026-03-28T23:00:00Z"),
            ("Europe/Berlin", "2026-10-25", "2026-10-24T22:00:00Z"),
            ("America/Sao_Paulo", "2018-11-04", "2018-11-04T03:00:00Z"),
            ("America/Havana", "2026-11-01", "2026-11-01T04:00:00Z"),
            ("Pacific/Apia", "2011-12-30", "2011-12-30T10:00:00Z"),
            ("Pacific/Apia", "2011-12-31", "2011-12-30T10:00:00Z"),
            ("Pacific/Kiritimati", "2026-01-01", "2025-12-31T10:00:00Z"),
            ("America/St_Johns", "2026-07-01", "2026-07-01T02:30:00Z"),
        ])
    func startOfDay(zone: String, day: String, start: String) throws {
        let parts = day.split(separator: "-").compactMap { Int($0) }
        let local = LocalDay(year: parts[0], month: parts[1], day: parts[2])
        #expect(try Self.zone(zone).start(of: local) == Date(timeIntervalSince1970: Double(try Self.instant(start))))
    }

    @Test(
        "instants far out are clamped, not trapped on",
        arguments: [
            Date.distantPast.timeIntervalSince1970, Date.distantFuture.timeIntervalSince1970, 1e300, -1e300, .nan,
            .infinity,
        ])
    func farInstants(seconds: Double) throws {
        // Seconds, not dates: Foundation's Date.description traps on NaN, which would stop the test's naming.
        let date = Date(timeIntervalSince1970: seconds)
        let zone = try Self.zone("Europe/Berlin")
        let day = zone.day(of: date)
        #expect(abs(day.number) <= LocalZone.instants.upperBound / 86_400 + 1)
        #expect(zone.start(of: day).timeIntervalSince1970.isFinite)
        if seconds.isNaN { #expect(day.number == 0) }
        #expect(LocalZone.utc.offset(at: date) == 0)
    }

    @Test("zones are equal by name; a fixed zone has its offset always")
    func equalityAndFixedZones() throws {
        let berlin = try Self.zone("Europe/Berlin")
        #expect(berlin == LocalZone.fixed(name: "Europe/Berlin", offsetSeconds: 0))
        #expect(berlin != .utc && berlin.description == "Europe/Berlin")
        let india = LocalZone.fixed(name: "IST", offsetSeconds: 19_800)
        #expect(india.day(of: Date(timeIntervalSince1970: 86_400 - 19_800)) == LocalDay(number: 1))
        #expect(india.day(of: Date(timeIntervalSince1970: 86_400 - 19_801)) == LocalDay(number: 0))
        #expect(india.placement(ofWall: 0) == .once(-19_800))
    }
}
