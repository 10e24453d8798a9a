import Testing
@testable import RefocusCore

/// The values of TOML 1.0.0 as `TOMLTable(parsing:)` reads them: every kind
/// of string with its escapes and trimming, integers in four bases, floats,
/// booleans, dates and times.
@Suite struct TOMLValueTests {
    static func value(_ text: String) throws -> TOMLValue? {
        try TOMLTable(parsing: "v = " + text)["v"]
    }

    @Test(arguments: [
        (#""a\tb""#, "a\tb"), (#""\b\t\n\f\r\"\\""#, "\u{8}\t\n\u{C}\r\"\\"),
        (#""\u00E9\U0001F600 \u0000""#, "é😀 \u{0}"), ("\"tab\there é\"", "tab\there é"), (#""""#, ""),
        (#"'C:\Users\x'"#, #"C:\Users\x"#), ("'a \"quoted\" \\n'", "a \"quoted\" \\n"), ("''", ""),
        ("\"\"\"\nRoses\nViolets\"\"\"", "Roses\nViolets"),
        ("\"\"\"\r\nRoses\r\nViolets\r\n\"\"\"", "Roses\nViolets\n"),
        ("\"\"\"one \\\n   two \\\n\n  three\"\"\"", "one two three"), ("\"\"\"a \\  \t\n  b\"\"\"", "a b"),
        ("\"\"\"a\\\n\"\"\"", "a"), ("\"\"\"x \\\\\ny\"\"\"", "x \\\ny"),
        ("\"\"\"a\"\"\"\"", "a\""), ("\"\"\"\"\"a\"\"\"\"\"", "\"\"a\"\""), ("\"\"\"a \"\" b\"\"\"", "a \"\" b"),
        ("\"\"\"\\\"\\\"\\\"\"\"\"", "\"\"\""),
        ("'''\nraw \\n\n  text\n'''", "raw \\n\n  text\n"), ("''''x'''", "'x"), ("'''a'''''", "a''"),
        ("'''\r\nx\r\n'''", "x\n"),
    ])
    func stringsAreUnescapedAndTrimmed(text: String, expected: String) throws {
        #expect(try Self.value(text) == .string(expected))
    }

    @Test(
        arguments: [
            ("+99", 99), ("42", 42), ("0", 0), ("+0", 0), ("-0", 0), ("-17", -17), ("1_000", 1000),
            ("5_349_221", 5_349_221),
            ("9223372036854775807", Int64.max), ("-9223372036854775808", Int64.min), ("0xDEADBEEF", 0xDEAD_BEEF),
            ("0xdead_beef", 0xDEAD_BEEF), ("0x00ff", 255), ("0x7FFFFFFFFFFFFFFF", Int64.max), ("0o755", 0o755),
            ("0o0_1", 1), ("0b1101_0110", 0b1101_0110), ("0b0", 0),
        ] as [(String, Int64)])
    func integers(text: String, expected: Int64) throws {
        #expect(try Self.value(text) == .integer(expected))
    }

    @Test(
        arguments: [
            ("+1.0", 1.0), ("3.1415", 3.1415), ("-0.01", -0.01), ("5e+22", 5e22), ("1e06", 1e6), ("-2E-2", -0.02),
            ("6.626e-34", 6.626e-34), ("224_617.445_991_228", 224_617.445_991_228), ("0.0", 0), ("0e0", 0),
            ("1_0.0_1e1_0", 10.01e10), ("inf", .infinity), ("+inf", .infinity), ("-inf", -.infinity),
        ] as [(String, Double)])
    func floats(text: String, expected: Double) throws {
        #expect(try Self.value(text) == .float(expected))
    }

    @Test func nanAndNegativeZeroAreFloats() throws {
        for text in ["nan", "+nan", "-nan"] { #expect(try Self.value(text)?.float?.isNaN == true, "\(text)") }
        #expect(try Self.value("-0.0")?.float?.sign == .minus)
        #expect(try Self.value("1")?.float == nil && Self.value("1.0")?.integer == nil)
    }

    @Test func booleans() throws {
        #expect(try Self.value("true") == .boolean(true) && Self.value("false") == .boolean(false))
    }

    @Test(
        arguments: [
            ("1979-05-27T07:32:00Z", "1979-05-27T07:32:00Z", 0), ("1979-05-27t07:32:00z", "1979-05-27T07:32:00Z", 0),
            ("1979-05-27T00:32:00.999999-07:00", "1979-05-27T00:32:00.999999-07:00", -420),
            ("1979-05-27 07:32:00+05:30", "1979-05-27T07:32:00+05:30", 330),
            ("1979-05-27T07:32:00-00:00", "1979-05-27T07:32:00Z", 0),
            ("1979-05-27T07:32:00", "1979-05-27T07:32:00", nil),
            ("1979-05-27 00:32:00.5", "1979-05-27T00:32:00.5", nil),
            ("1979-05-27", "1979-05-27", nil), ("07:32:00", "07:32:00", nil),
            ("00:32:00.999999", "00:32:00.999999", nil),
            ("2000-02-29", "2000-02-29", nil), ("1990-12-31T23:59:60Z", "1990-12-31T23:59:60Z", 0),
            ("0000-01-01", "0000-01-01", nil),
        ] as [(String, String, Int?)])
    func datesAndTimesAreKeptChecked(text: String, canonical: String, offset: Int?) throws {
        let value = try #require(try Self.value(text)?.dateTime)
        #expect(value.description == canonical && value.offsetMinutes == offset)
    }

    @Test func aDateTimeKeepsItsParts() throws {
        #expect(
            try Self.value("1979-05-27T00:32:00.25-07:00")?.dateTime
                == TOMLDateTime(
                    date: .init(year: 1979, month: 5, day: 27),
                    time: .init(hour: 0, minute: 32, second: 0, fraction: "25"),
                    offsetMinutes: -420))
        #expect(
            try Self.value("[1979-05-27, 07:32:00]")
                == .array([
                    .dateTime(TOMLDateTime(date: .init(year: 1979, month: 5, day: 27), time: nil, offsetMinutes: nil)),
                    .dateTime(
                        TOMLDateTime(
                            date: nil, time: .init(hour: 7, minute: 32, second: 0, fraction: ""), offsetMinutes: nil)),
                ]))
    }

    /// The typed accessors the readers of policy.toml and config.toml use.
    @Test func accessorsGiveOnlyTheirType() {
        let values: [TOMLValue] = [.string("s"), .integer(1), .float(1), .boolean(true), .array([]), .table([:])]
        #expect(
            values.compactMap(\.string) == ["s"] && values.compactMap(\.int) == [1] && values.compactMap(\.float) == [1]
        )
        #expect(
            values.compactMap(\.bool) == [true] && values.compactMap(\.array).count == 1
                && values.compactMap(\.table).count == 1)
    }
}
