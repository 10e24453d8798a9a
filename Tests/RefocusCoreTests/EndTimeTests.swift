import Foundation
import RefocusCore
import Testing

@Suite("EndTime")
struct EndTimeTests {
    @Test(
        "the end is the next such wall-clock time strictly after now",
        arguments: [
            ("UTC", "2026-05-10T09:00:00Z", "17:30", "2026-05-10T17:30:00Z"),
            ("UTC", "2026-05-10T18:00:00Z", "17:30", "2026-05-11T17:30:00Z"),
            ("UTC", "2026-05-10T17:30:00Z", "17:30", "2026-05-11T17:30:00Z"),
            ("UTC", "2026-05-10T17:29:00Z", "17:30", "2026-05-10T17:30:00Z"),
            ("UTC", "2026-12-31T23:00:00Z", "0:00", "2027-01-01T00:00:00Z"),
            ("UTC", "2026-05-10T00:00:00Z", "23:59", "2026-05-10T23:59:00Z"),
            ("Europe/Berlin", "2026-07-01T10:00:00Z", "17:30", "2026-07-01T15:30:00Z"),
            ("Europe/Berlin", "2026-01-15T10:00:00Z", "17:30", "2026-01-15T16:30:00Z"),
            ("Europe/Berlin", "2026-07-01T23:30:00Z", "0:15", "2026-07-02T22:15:00Z"),
            ("Europe/Berlin", "2026-07-01T20:00:00Z", "07:05", "2026-07-02T05:05:00Z"),
            ("America/New_York", "2026-07-01T02:00:00Z", "23:00", "2026-07-01T03:00:00Z"),
            ("America/New_York", "2026-07-01T02:00:00Z", "7:05", "2026-07-01T11:05:00Z"),
            ("America/New_York", "2026-01-15T20:00:00Z", "14:00", "2026-01-16T19:00:00Z"),
            ("Asia/Kolkata", "2026-03-28T20:00:00Z", "2:30", "2026-03-28T21:00:00Z"),
            ("Pacific/Chatham", "2026-07-01T00:00:00Z", "13:00", "2026-07-01T00:15:00Z"),
        ])
    func nextTime(zone: String, now: String, text: String, end: String) throws {
        #expect(try Self.end(text, now: now, zone: zone) == Self.instant(end))
    }

    @Test(
        "a time skipped by spring-forward becomes the next existing time",
        arguments: [
            ("Europe/Berlin", "2026-03-28T23:00:00Z", "2:30", "2026-03-29T01:00:00Z"),
            ("Europe/Berlin", "2026-03-28T23:00:00Z", "1:30", "2026-03-29T00:30:00Z"),
            ("Europe/Berlin", "2026-03-28T23:00:00Z", "3:30", "2026-03-29T01:30:00Z"),
            ("Europe/Berlin", "2026-03-28T23:00:00Z", "12:00", "2026-03-29T10:00:00Z"),
            ("America/New_York", "2026-03-08T05:00:00Z", "2:30", "2026-03-08T07:00:00Z"),
            ("Australia/Lord_Howe", "2026-10-03T14:00:00Z", "2:15", "2026-10-03T15:30:00Z"),
            ("Pacific/Chatham", "2026-09-26T13:00:00Z", "3:00", "2026-09-26T14:00:00Z"),
            ("Antarctica/Troll", "2026-03-29T00:00:00Z", "2:00", "2026-03-29T01:00:00Z"),
            ("America/Sao_Paulo", "2018-11-04T02:00:00Z", "0:30", "2018-11-04T03:00:00Z"),
            // Samoa skipped 30 December 2011 whole: 10:30 is the next day's.
            ("Pacific/Apia", "2011-12-29T22:00:00Z", "10:30", "2011-12-30T20:30:00Z"),
        ])
    func springForward(zone: String, now: String, text: String, end: String) throws {
        #expect(try Self.end(text, now: now, zone: zone) == Self.instant(end))
    }

    @Test(
        "on a fall-back day the extra hour counts and a repeated time comes at its next occurrence",
        arguments: [
            ("Europe/Berlin", "2026-10-24T22:00:00Z", "12:00", "2026-10-25T11:00:00Z", 13 * 3600),
            ("Europe/Berlin", "2026-10-24T22:00:00Z", "2:30", "2026-10-25T00:30:00Z", 9000),
            ("Europe/Berlin", "2026-10-25T00:30:00Z", "2:30", "2026-10-25T01:30:00Z", 3600),
            ("Europe/Berlin", "2026-10-25T00:45:00Z", "2:30", "2026-10-25T01:30:00Z", 2700),
            ("Europe/Berlin", "2026-10-25T01:30:00Z", "2:30", "2026-10-26T01:30:00Z", 24 * 3600),
            ("America/New_York", "2026-11-01T04:00:00Z", "12:00", "2026-11-01T17:00:00Z", 13 * 3600),
            ("Australia/Sydney", "2026-04-04T15:45:00Z", "2:30", "2026-04-04T16:30:00Z", 2700),
            ("Australia/Lord_Howe", "2026-04-04T14:00:00Z", "1:45", "2026-04-04T14:45:00Z", 2700),
            ("Australia/Lord_Howe", "2026-04-04T14:50:00Z", "1:45", "2026-04-04T15:15:00Z", 1500),
        ])
    func fallBack(zone: String, now: String, text: String, end: String, seconds: Int) throws {
        let result = try Self.end(text, now: now, zone: zone)
        #expect(result == (try Self.instant(end)))
        #expect(EndTime.length(until: result, from: try Self.instant(now)).seconds == seconds)
    }

    @Test(
        "malformed times are refused with the bad part",
        arguments: [
            ("24:00", DurationError.hourOutOfRange(token: "24", in: "24:00")),
            ("99:00", .hourOutOfRange(token: "99", in: "99:00")),
            ("17:60", .minuteOutOfRange(token: "60", in: "17:60")),
            ("7:5", .malformedTime(token: "5", in: "7:5")),
            ("7:555", .malformedTime(token: "555", in: "7:555")),
            ("5pm", .malformedTime(token: "5pm", in: "5pm")),
            ("", .malformedTime(token: "", in: "")),
            ("17:30:00", .malformedTime(token: "17:30:00", in: "17:30:00")),
            ("117:30", .malformedTime(token: "117", in: "117:30")),
            ("-1:30", .malformedTime(token: "-1", in: "-1:30")),
            ("+7:30", .malformedTime(token: "+7", in: "+7:30")),
            (" 7:30", .malformedTime(token: " 7", in: " 7:30")),
            ("17:3a", .malformedTime(token: "3a", in: "17:3a")),
            (":30", .malformedTime(token: "", in: ":30")),
            ("17:", .malformedTime(token: "", in: "17:")),
            ("１７:30", .malformedTime(token: "１７", in: "１７:30")),
        ])
    func malformed(text: String, expected: DurationError) throws {
        let error = #expect(throws: DurationError.self) { try Self.end(text, now: "2026-05-10T09:00:00Z", zone: "UTC") }
        #expect(error == expected)
        guard case let .malformedTime(token, _) = expected else { return }
        #expect(error?.description.hasPrefix("'\(token)' in '\(text)': ") == true)
    }

    @Test(
        "the session to the end time must lie within the bounds",
        arguments: [
            (
                "2026-05-10T11:59:40Z", "12:00", 0,
                DurationError.endTooSoon(
                    "12:00", length: SessionLength(seconds: 20), minimum: SessionLength(seconds: 60))
            ),
            ("2026-05-10T11:59:00Z", "12:00", 0, nil),
            ("2026-05-10T12:00:00Z", "12:00", 0, nil),
            (
                "2026-05-10T12:00:00Z", "15:00", 3600,
                .endTooLate("15:00", length: SessionLength(seconds: 10800), maximum: SessionLength(seconds: 3600))
            ),
            ("2026-05-10T12:00:00Z", "13:00", 3600, nil),
            (
                "2026-05-10T12:00:00Z", "13:01", 3600,
                .endTooLate("13:01", length: SessionLength(seconds: 3660), maximum: SessionLength(seconds: 3600))
            ),
        ])
    func bounds(now: String, text: String, maximum: Int, expected: DurationError?) throws {
        let bounds =
            maximum == 0
            ? SessionLengthBounds.standard
            : try SessionLengthBounds(minimum: SessionLength(seconds: 60), maximum: SessionLength(seconds: maximum))
        let zone = LocalZone(try #require(TimeZone(identifier: "UTC")))
        let parse = { try EndTime.parse(text, now: try Self.instant(now), timeZone: zone, bounds: bounds) }
        if let expected {
            #expect(throws: expected, performing: parse)
            #expect(expected.description.hasPrefix("'\(text)' is "))
        } else {
            #expect(throws: Never.self, performing: parse)
        }
    }

    @Test("across fall-back the same clock time tomorrow is 25h away, over the standard maximum")
    func twentyFiveHours() throws {
        let expected = DurationError.endTooLate(
            "12:00", length: SessionLength(seconds: 25 * 3600), maximum: SessionLength(seconds: 86400))
        #expect(throws: expected) { try Self.end("12:00", now: "2026-10-24T10:00:00Z", zone: "Europe/Berlin") }
    }

    @Test(
        "lengths round part of a second up and never go below zero",
        arguments: [
            (0.5, 1), (20, 20), (20.001, 21), (0, 0), (-30, 0), (86400, 86400), (1e300, Int.max),
        ])
    func length(interval: Double, seconds: Int) {
        let now = Date(timeIntervalSinceReferenceDate: 800_000_000)
        #expect(EndTime.length(until: now.addingTimeInterval(interval), from: now).seconds == seconds)
    }

    private static func end(_ text: String, now: String, zone: String) throws -> Date {
        let timeZone = LocalZone(try #require(TimeZone(identifier: zone)))
        return try EndTime.parse(text, now: instant(now), timeZone: timeZone, bounds: .standard)
    }

    private static func instant(_ text: String) throws -> Date {
        try Date(text, strategy: .iso8601)
    }
}
