import Foundation
import RefocusCore
import Testing

@Suite("SessionLength")
struct SessionLengthTests {
    @Test(
        "valid lengths parse to their seconds and render canonically",
        arguments: [
            ("50m", 3000, "50m"), ("1h30m", 5400, "1h30m"), ("90s", 90, "1m30s"), ("2h", 7200, "2h"),
            ("1h30m15s", 5415, "1h30m15s"), ("45m30s", 2730, "45m30s"), ("1H30M", 5400, "1h30m"),
            ("1h30M15S", 5415, "1h30m15s"), ("90S", 90, "1m30s"), ("25", 1500, "25m"), ("1", 60, "1m"),
            ("1440", 86400, "24h"), ("24h", 86400, "24h"), ("1m", 60, "1m"), ("60s", 60, "1m"),
            ("0h5m", 300, "5m"), ("1h0m", 3600, "1h"), ("05m", 300, "5m"), ("120m", 7200, "2h"),
            ("1h1s", 3601, "1h1s"), ("3599s", 3599, "59m59s"), ("1h59m60s", 7200, "2h"),
        ])
    func valid(text: String, seconds: Int, rendering: String) throws {
        let length = try SessionLength.parse(text, bounds: .standard)
        #expect(length.seconds == seconds)
        #expect(length.description == rendering)
    }

    @Test(
        "malformed lengths are refused with the bad token",
        arguments: [
            ("5d", DurationError.unknownUnit(token: "5d", unit: "d", in: "5d")),
            ("5x", .unknownUnit(token: "5x", unit: "x", in: "5x")),
            ("1h5min", .unknownUnit(token: "5min", unit: "min", in: "1h5min")),
            ("1h30", .missingUnit(token: "30", in: "1h30")),
            ("30m1h", .unitOutOfOrder(token: "1h", in: "30m1h")),
            ("1h2h", .unitOutOfOrder(token: "2h", in: "1h2h")),
            ("1s1m", .unitOutOfOrder(token: "1m", in: "1s1m")),
            ("1m2M", .unitOutOfOrder(token: "2M", in: "1m2M")),
            (" 50m", .unexpected(token: " ", in: " 50m")),
            ("50m ", .unexpected(token: " ", in: "50m ")),
            ("50 m", .unexpected(token: " ", in: "50 m")),
            ("50m!", .unexpected(token: "!", in: "50m!")),
            ("-5m", .unexpected(token: "-", in: "-5m")),
            ("+5m", .unexpected(token: "+", in: "+5m")),
            ("-5", .unexpected(token: "-", in: "-5")),
            ("1h-30m", .unexpected(token: "-", in: "1h-30m")),
            ("h30m", .unexpected(token: "h", in: "h30m")),
            ("m", .unexpected(token: "m", in: "m")),
            ("1.h", .unexpected(token: ".", in: "1.h")),
            ("١٢m", .unexpected(token: "١٢m", in: "١٢m")),
            ("1.5h", .decimal(token: "1.5h", in: "1.5h")),
            ("1,5h", .decimal(token: "1,5h", in: "1,5h")),
            ("2.5", .decimal(token: "2.5", in: "2.5")),
            ("1h0.5m", .decimal(token: "0.5m", in: "1h0.5m")),
        ])
    func malformed(text: String, expected: DurationError) throws {
        let error = #expect(throws: DurationError.self) { try SessionLength.parse(text, bounds: .standard) }
        #expect(error == expected)
        let token = try #require(Self.token(of: expected))
        #expect(error?.description.hasPrefix("'\(token)' in '\(text)': ") == true)
    }

    @Test(
        "empty and zero lengths are refused",
        arguments: [
            ("", DurationError.empty), ("0", .zero(in: "0")), ("0m", .zero(in: "0m")), ("0h0m0s", .zero(in: "0h0m0s")),
        ])
    func nothing(text: String, expected: DurationError) {
        #expect(throws: expected) { try SessionLength.parse(text, bounds: .standard) }
        #expect(expected.description.hasPrefix("'\(text)': "))
    }

    @Test(
        "numbers too large to count are refused without trapping",
        arguments: [
            ("99999999999999999999", DurationError.tooLarge(token: "99999999999999999999", in: "99999999999999999999")),
            ("99999999999999999999m", .tooLarge(token: "99999999999999999999m", in: "99999999999999999999m")),
            ("9223372036854775807h", .tooLarge(token: "9223372036854775807h", in: "9223372036854775807h")),
            ("9223372036854775807", .tooLarge(token: "9223372036854775807", in: "9223372036854775807")),
            ("153722867280912930m8s", .tooLarge(token: "8s", in: "153722867280912930m8s")),
            ("9223372036854775807s", .tooLong(SessionLength(seconds: .max), maximum: SessionLength(seconds: 86400))),
            ("153722867280912930m7s", .tooLong(SessionLength(seconds: .max), maximum: SessionLength(seconds: 86400))),
        ])
    func overflow(text: String, expected: DurationError) {
        #expect(throws: expected) { try SessionLength.parse(text, bounds: .standard) }
    }

    @Test(
        "the standard bounds run from 1m to 24h inclusive",
        arguments: [
            ("1m", nil),
            ("59s", DurationError.tooShort(SessionLength(seconds: 59), minimum: SessionLength(seconds: 60))),
            ("24h", nil), ("24h0m1s", .tooLong(SessionLength(seconds: 86401), maximum: SessionLength(seconds: 86400))),
            ("1441", .tooLong(SessionLength(seconds: 86460), maximum: SessionLength(seconds: 86400))),
        ])
    func standardBounds(text: String, expected: DurationError?) {
        #expect(SessionLengthBounds.standard.minimum == SessionLength(seconds: 60))
        #expect(SessionLengthBounds.standard.maximum == SessionLength(seconds: 86400))
        Self.expect(text, bounds: .standard, throwing: expected)
    }

    @Test(
        "custom bounds are applied at and just past both edges",
        arguments: [
            ("5m", nil),
            ("4m59s", DurationError.tooShort(SessionLength(seconds: 299), minimum: SessionLength(seconds: 300))),
            ("2h", nil), ("2h0m1s", .tooLong(SessionLength(seconds: 7201), maximum: SessionLength(seconds: 7200))),
            ("1h", nil),
        ])
    func customBounds(text: String, expected: DurationError?) throws {
        let bounds = try SessionLengthBounds(
            minimum: SessionLength(seconds: 300), maximum: SessionLength(seconds: 7200))
        Self.expect(text, bounds: bounds, throwing: expected)
    }

    @Test("bounds may be a single length but never inverted")
    func boundsOrder() throws {
        let one = SessionLength(seconds: 600)
        let bounds = try SessionLengthBounds(minimum: one, maximum: one)
        #expect(bounds.contains(one))
        #expect(!bounds.contains(SessionLength(seconds: 599)))
        #expect(!bounds.contains(SessionLength(seconds: 601)))
        let longer = SessionLength(seconds: 601)
        #expect(throws: DurationError.invertedBounds(minimum: longer, maximum: one)) {
            try SessionLengthBounds(minimum: longer, maximum: one)
        }
    }

    @Test("descriptions name the token, the cause and the fix")
    func descriptions() {
        let tooLong = #expect(throws: DurationError.self) { try SessionLength.parse("25h", bounds: .standard) }
        #expect(
            tooLong?.description
                == "25h is longer than the maximum session of 24h; choose a shorter session (the maximum is set by the administrator's policy)"
        )
        let tooShort = #expect(throws: DurationError.self) { try SessionLength.parse("30s", bounds: .standard) }
        #expect(
            tooShort?.description
                == "30s is shorter than the minimum session of 1m; choose a longer session (the minimum is set by the administrator's policy)"
        )
        let unknown = #expect(throws: DurationError.self) { try SessionLength.parse("5d", bounds: .standard) }
        #expect(
            unknown?.description
                == "'5d' in '5d': unknown unit 'd'; use h, m or s, as in 1h30m")
        #expect(DurationError.empty.category == .data)
        #expect(DurationError.tooLarge(token: "9", in: "9").category == .data)
    }

    @Test(
        "renderings are canonical and compact",
        arguments: [
            (0, "0s"), (1, "1s"), (59, "59s"), (60, "1m"), (90, "1m30s"), (3600, "1h"), (3661, "1h1m1s"),
            (5400, "1h30m"), (7200, "2h"), (86400, "24h"), (90000, "25h"), (-5, "0s"),
        ])
    func rendering(seconds: Int, text: String) {
        #expect(SessionLength(seconds: seconds).description == text)
    }

    @Test("lengths order by seconds")
    func ordering() {
        let lengths = [5400, 60, 90].map { SessionLength(seconds: $0) }
        #expect(lengths.sorted().map(\.seconds) == [60, 90, 5400])
        #expect(SessionLength(seconds: 60) < SessionLength(seconds: 61))
    }

    @Test("lengths are coded as integer seconds")
    func coding() throws {
        let data = try JSONEncoder().encode([SessionLength(seconds: 5400)])
        #expect(String(decoding: data, as: UTF8.self) == "[5400]")
        #expect(try JSONDecoder().decode([SessionLength].self, from: Data("[90]".utf8)) == [SessionLength(seconds: 90)])
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([SessionLength].self, from: Data("[-1]".utf8)) }
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([SessionLength].self, from: Data("[\"1h\"]".utf8))
        }
    }

    private static func expect(_ text: String, bounds: SessionLengthBounds, throwing expected: DurationError?) {
        if let expected {
            #expect(throws: expected) { try SessionLength.parse(text, bounds: bounds) }
        } else {
            #expect(throws: Never.self) { try SessionLength.parse(text, bounds: bounds) }
        }
    }

    private static func token(of error: DurationError) -> String? {
        switch error {
        case let .unexpected(token, _), let .decimal(token, _), let .unknownUnit(token, _, _),
            let .missingUnit(token, _), let .unitOutOfOrder(token, _), let .tooLarge(token, _):
            return token
        default:
            return nil
        }
    }
}
