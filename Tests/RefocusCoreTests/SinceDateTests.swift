import Foundation
import RefocusCore
import Testing

@Suite("SinceDate")
struct SinceDateTests {
    @Test(
        "days start at local midnight; times ago count back from now",
        arguments: [
            ("UTC", "2026-05-10T09:30:00Z", "2026-05-01", "2026-05-01T00:00:00Z"),
            ("UTC", "2026-05-10T09:30:00Z", "2024-02-29", "2024-02-29T00:00:00Z"),
            ("Europe/Berlin", "2026-05-10T09:30:00Z", "2026-05-01", "2026-04-30T22:00:00Z"),
            ("UTC", "2026-05-10T09:30:00Z", "today", "2026-05-10T00:00:00Z"),
            ("UTC", "2026-05-10T09:30:00Z", "yesterday", "2026-05-09T00:00:00Z"),
            ("Europe/Berlin", "2026-05-10T23:30:00Z", "today", "2026-05-10T22:00:00Z"),
            ("Europe/Berlin", "2026-03-30T12:00:00Z", "yesterday", "2026-03-28T23:00:00Z"),
            ("UTC", "2026-05-10T09:30:00Z", "7d", "2026-05-03T09:30:00Z"),
            ("UTC", "2026-05-10T09:30:00Z", "36h", "2026-05-08T21:30:00Z"),
            ("UTC", "2026-05-10T09:30:00Z", "1h30m", "2026-05-10T08:00:00Z"),
            ("UTC", "2026-05-10T09:30:00Z", "90s", "2026-05-10T09:28:30Z"),
            ("America/Sao_Paulo", "2018-11-05T12:00:00Z", "yesterday", "2018-11-04T03:00:00Z"),
            ("Australia/Lord_Howe", "2026-10-04T12:00:00Z", "today", "2026-10-03T13:30:00Z"),
            // Samoa skipped 30 December 2011: yesterday is the 29th, and the 30th starts where the 31st does.
            ("Pacific/Apia", "2011-12-31T00:00:00Z", "yesterday", "2011-12-29T10:00:00Z"),
            ("Pacific/Apia", "2011-12-31T00:00:00Z", "2011-12-30", "2011-12-30T10:00:00Z"),
        ])
    func parses(zone: String, now: String, text: String, expected: String) throws {
        let timeZone = LocalZone(try #require(TimeZone(identifier: zone)))
        let since = try SinceDate.parse(text, now: try Self.instant(now), timeZone: timeZone)
        #expect(since == (try Self.instant(expected)))
    }

    @Test(
        "anything else is refused, naming the forms that work",
        arguments: [
            "", "2026", "25", "2026-02-30", "2026-13-01", "2026-5-1", "2026-05-01T09:00", "-7d", "7 d", "d", "1.5d",
            "tomorrow", "1h1h", "１d", "9999999999d", "0000-01-01", "1500-02-29", "2026-00-10", "2026-04-31",
        ])
    func refuses(text: String) {
        let error = #expect(throws: DurationError.self) {
            try SinceDate.parse(text, now: Date(timeIntervalSince1970: 1_800_000_000), timeZone: .utc)
        }
        #expect(error == .malformedDate(text))
        #expect(error?.description.contains("YYYY-MM-DD, today, yesterday") == true)
    }

    private static func instant(_ text: String) throws -> Date {
        try Date(text, strategy: .iso8601)
    }
}
