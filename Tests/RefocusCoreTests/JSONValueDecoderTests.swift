import Foundation
import Testing

@testable import RefocusCore
@testable import RefocusProtocol

/// `JSONValueDecoder`: a `Codable` type read back from what `JSONEncoder`
/// wrote, numbers as the type asks, dates in UTC, and the errors.
@Suite struct JSONValueDecoderTests {
    static func value(_ text: String) throws -> JSONValue {
        try JSONValue(parsing: Array(text.utf8))
    }

    /// A type with a field of every kind the decoder has a path for.
    struct EveryKind: Codable, Equatable {
        enum Colour: String, Codable { case red, green }
        struct Inner: Codable, Equatable { var flags: [Bool]; var note: String? }

        var text: String
        var flag: Bool
        var whole: Int
        var small: Int8
        var wide: UInt64
        var signed: Int32
        var fraction: Double
        var single: Float
        var when: Date
        var colour: Colour
        var missing: String?
        var present: Int?
        var nested: [[Int]]
        var inner: Inner
        var inners: [Inner]
        var byName: [String: Int]
    }

    @Test func readsBackWhatTheHelpersEncoderWrote() throws {
        let original = EveryKind(
            text: "é \"quoted\" \n 😀", flag: true, whole: -9_223_372_036_854_775_807, small: -128, wide: UInt64.max,
            signed: Int32.min, fraction: 0.1, single: 2.5, when: Date(timeIntervalSince1970: 1_764_000_000),
            colour: .green, missing: nil, present: 0, nested: [[], [1, 2], [3]],
            inner: .init(flags: [true, false], note: nil), inners: [.init(flags: [], note: "n")],
            byName: ["a": 1, "b": 2])
        let bytes = Array(try HelperProtocol.encoder().encode(original))
        let decoded = try JSONValueDecoder.decode(EveryKind.self, from: try JSONValue(parsing: bytes))
        #expect(decoded == original)
        #expect(try HelperProtocol.decoder().decode(EveryKind.self, from: Data(bytes)) == decoded, "JSONDecoder agrees")
    }

    @Test func treatsNullAsAbsentForAnOptional() throws {
        struct Optional: Decodable { var a: Int?; var b: Int? }
        let decoded = try JSONValueDecoder.decode(Optional.self, from: try Self.value(#"{"a":null}"#))
        #expect(decoded.a == nil && decoded.b == nil)
    }

    @Test(arguments: [
        ("9223372036854775807", Int.max), ("-9223372036854775808", Int.min), ("-0", 0), ("0", 0), ("42", 42),
    ])
    func readsWholeNumbersInRange(text: String, expected: Int) throws {
        #expect(try JSONValueDecoder.decode(Int.self, from: try Self.value(text)) == expected)
    }

    @Test(arguments: ["1.0", "1e3", "1E3", "9223372036854775808", "-9223372036854775809", "\"1\"", "true", "null"])
    func refusesAnIntegerThatIsNotAWholeNumberInRange(text: String) throws {
        let value = try Self.value(text)
        #expect(throws: DecodingError.self) { try JSONValueDecoder.decode(Int.self, from: value) }
    }

    @Test func refusesANegativeUnsignedAndAnOverflowingSmallInteger() throws {
        #expect(throws: DecodingError.self) { try JSONValueDecoder.decode(UInt32.self, from: try Self.value("-1")) }
        #expect(throws: DecodingError.self) { try JSONValueDecoder.decode(Int8.self, from: try Self.value("128")) }
        #expect(try JSONValueDecoder.decode(UInt32.self, from: try Self.value("4294967295")) == UInt32.max)
    }

    @Test func namesThePathOfAMissingOrWrongField() throws {
        struct Outer: Decodable { var list: [Inner] }
        struct Inner: Decodable { var id: Int }
        do {
            _ = try JSONValueDecoder.decode(Outer.self, from: try Self.value(#"{"list":[{"id":1},{"id":"two"}]}"#))
            Issue.record("decoded a string as an Int")
        } catch DecodingError.typeMismatch(_, let context) {
            #expect(context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue } == ["list", "1", "id"])
        }
        #expect(throws: DecodingError.self) {
            try JSONValueDecoder.decode(Outer.self, from: try Self.value(#"{"list":[{}]}"#))
        }
        #expect(throws: DecodingError.self) {
            try JSONValueDecoder.decode(Outer.self, from: try Self.value(#"{"list":{}}"#))
        }
    }

    @Test(arguments: ["2026-11-21 19:54:29Z", "2026-11-21T19:54:29.5Z", "1700000000", "2026-02-30T00:00:00Z"])
    func refusesADateThatIsNotAUTCTimeInSeconds(text: String) throws {
        let value = try Self.value(text.first == "1" ? text : "\"\(text)\"")
        #expect(throws: DecodingError.self) { try JSONValueDecoder.decode(Date.self, from: value) }
    }
}
