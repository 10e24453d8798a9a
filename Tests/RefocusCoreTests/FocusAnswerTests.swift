import Foundation
import Testing
@testable import RefocusCore
@testable import RefocusProtocol

/// The CLI's reading of a `focus` answer without `JSONDecoder` for its
/// columns (`FocusAnswer`): the same columns as the full decoder reads, on
/// the wire any helper writes, compact or not, with added keys; numbers
/// read as `Int(_:)` and `Double(_:)` read them; what it cannot follow
/// left to the full decoder, and broken columns refused with their name.
@Suite struct FocusAnswerTests {
    static func answer(_ columns: FocusColumns?, pretty: Bool = false) throws -> Data {
        let encoder = HelperProtocol.encoder()
        if pretty { encoder.outputFormatting.insert(.prettyPrinted) }
        return try encoder.encode(HelperResponse(sessions: [], notes: [], focus: columns))
    }

    @Test(arguments: [false, true])
    func readsWhatTheFullDecoderReads(pretty: Bool) throws {
        let columns = FocusColumns(try FocusColumnsTests.records())
        let data = try Self.answer(columns, pretty: pretty)
        let parts = try #require(FocusAnswer(data))
        #expect(try parts.columns() == columns)
        #expect(try parts.columns()?.records() == (try FocusColumnsTests.records()))
        let envelope = try HelperProtocol.decoder().decode(HelperResponse.self, from: parts.envelope)
        #expect(envelope.ok && envelope.focus == nil && envelope.version == HelperProtocol.version)
        #expect(parts.envelope.count < 100, "\(String(decoding: parts.envelope, as: UTF8.self))")
        let empty = try #require(FocusAnswer(try Self.answer(FocusColumns([]))))
        #expect(try empty.columns() == FocusColumns([]))
    }

    @Test func anAnswerWithoutColumnsIsLeftWhole() throws {
        let data = try Self.answer(nil)
        let parts = try #require(FocusAnswer(data))
        #expect(parts.envelope == data)
        #expect(try parts.columns() == nil)
        let null = try #require(FocusAnswer(Data(#"{"focus": null, "ok": true, "version": 1}"#.utf8)))
        #expect(try null.columns() == nil)
        #expect(String(decoding: null.envelope, as: UTF8.self) == #"{"focus": null, "ok": true, "version": 1}"#)
    }

    @Test func addedKeysAreSkipped() throws {
        let columns = FocusColumns(try FocusColumnsTests.records())
        var object = try #require(try JSONSerialization.jsonObject(with: try Self.answer(columns)) as? [String: Any])
        var focus = try #require(object["focus"] as? [String: Any])
        focus["moods"] = ["calm", ["deep": [1, 2.5e3, true, NSNull(), "}\\\"]"]]]
        object["focus"] = focus
        object["weather"] = ["wind": "{[\"", "rain": false]
        let data = try JSONSerialization.data(withJSONObject: object)
        #expect(try FocusAnswer(data).map { try $0.columns() } == columns)
    }

    static let refused = [
        "", "not JSON", "[1, 2]", #"{"ok": true"#, #"{"focus": "unclosed}"#,
        #"{"focus": {"a": [1, 2}}"#, String(repeating: #"{"a":["#, count: 70) + String(repeating: "]}", count: 70),
        #"{"focus": null, "f\u006fcus": {}}"#, #"{"ok": true, "focus": {"ids": "1", "ids": "2"}}"#,
    ]

    /// What the one JSON reader refuses (not JSON, not an object, a key twice, too deep) is left to the decoder.
    @Test(arguments: refused)
    func whatTheReaderRefusesIsLeftToTheDecoder(_ text: String) {
        #expect(FocusAnswer(Data(text.utf8)) == nil)
    }

    /// A key with an escape is the key it spells, as `JSONDecoder` reads it.
    @Test func anEscapedKeyIsTheKeyItSpells() throws {
        let columns = FocusColumns(try FocusColumnsTests.records())
        let text = String(decoding: try Self.answer(columns), as: UTF8.self)
        let escaped = text.replacingOccurrences(of: #""focus""#, with: #""f\u006fcus""#)
            .replacingOccurrences(of: #""ids""#, with: #""\u0069ds""#)
        #expect(escaped != text)
        #expect(try FocusAnswer(Data(escaped.utf8))?.columns() == columns)
        let empty = Data(#"{"f\u006fcus": {}}"#.utf8)
        #expect(throws: FocusColumnsError("no 'focus.ids'")) { try FocusAnswer(empty)?.columns() }
    }

    static let broken: [(String, String)] = [
        ("ids", #""1,x,3""#), ("ids", "[1, 2, 3]"), ("starts", #""1800000000.25,,1""#), ("focused", #""1,-,3""#),
        ("attempts", #""1,2,18446744073709551616""#), ("ids", #""1\u002c2,3""#), ("names", #"{"outcomes": 3}"#),
        ("labels", "null"),
    ]

    @Test(arguments: 0..<broken.count)
    func brokenColumnsAreRefusedByName(_ index: Int) throws {
        let (key, value) = Self.broken[index]
        let columns = FocusColumns(try FocusColumnsTests.records())
        let object = try #require(
            try JSONSerialization.jsonObject(with: try HelperProtocol.encoder().encode(columns)) as? [String: Any])
        var members = try object.keys.sorted().filter { $0 != key }.map { name in
            "\"\(name)\": "
                + String(
                    decoding: try JSONSerialization.data(
                        withJSONObject: object[name] as Any, options: .fragmentsAllowed), as: UTF8.self)
        }
        members.append("\"\(key)\": \(value)")
        let data = Data(#"{"version": 1, "ok": true, "focus": {\#(members.joined(separator: ", "))}}"#.utf8)
        let parts = try #require(FocusAnswer(data))
        #expect(throws: FocusColumnsError.self) { try parts.columns() }
        do {
            _ = try parts.columns()
        } catch {
            #expect(error.reason.contains("focus.\(key)"), "\(error.reason)")
        }
        let missing = Data(
            #"{"version": 1, "ok": true, "focus": {\#(members.dropLast().joined(separator: ", "))}}"#.utf8)
        #expect(throws: FocusColumnsError("no 'focus.\(key)'")) { try FocusAnswer(missing)?.columns() }
    }

    static let integers = [
        "0", "7", "+5", "-0", "-12", "9223372036854775807", "-9223372036854775808", "9223372036854775808", "",
        "1a", "--1", "+", "٣", " 1",
    ]

    @Test(arguments: integers)
    func integersReadAsIntReadsThem(_ text: String) {
        let signed: [Int64?]? = Data(text.utf8).withUnsafeBytes {
            PackedColumn.integers($0, as: Int64.self, limit: 10)
        }
        let expectedSigned: [Int64?]? = text.isEmpty ? [] : Int64(text).map { [$0] }
        #expect(signed == expectedSigned, "\(text)")
        let unsigned: [UInt64?]? = Data(text.utf8).withUnsafeBytes {
            PackedColumn.integers($0, as: UInt64.self, limit: 10)
        }
        let expectedUnsigned: [UInt64?]? = text.isEmpty ? [] : UInt64(text).map { [$0] }
        #expect(unsigned == expectedUnsigned, "\(text)")
    }

    /// Times travel as the 16 hexadecimal digits of their bits: each reads back to the same bits.
    static let times: [Double] = [
        1_800_000_000.25, 1_764_361_234.567_890_1, 0, -0.0, -0.5, 0.1, .leastNonzeroMagnitude,
    ]

    @Test(arguments: times)
    func aTimeReadsBackToItsBits(_ time: Double) {
        let text = PackedColumn.bits(of: time)
        #expect(text.count == 16)
        let parsed = Data(text.utf8).withUnsafeBytes { PackedColumn.doubles($0, limit: 1) }
        #expect(parsed?.count == 1 && parsed?.first??.bitPattern == time.bitPattern, "\(text)")
    }

    /// Anything but 16 lower-case hexadecimal digits of a finite number is refused.
    static let notTimes = [
        "1800000000.25", "41dad27480100000a", "41dad2748010000", "41DAD27480100000", "41dad2748010000g",
        "7ff0000000000000", "7ff8000000000000", "fff0000000000000", " 41dad27480100000", "41dad27480100000,",
    ]

    @Test(arguments: notTimes)
    func whatIsNotATimesBitsIsRefused(_ text: String) {
        #expect(Data(text.utf8).withUnsafeBytes { PackedColumn.doubles($0, limit: 10) } == nil, "\(text)")
    }

    @Test func everyTimeOfAYearReadsBackExactly() {
        let times: [Double] = (0..<100_000).map { (index: Int) -> Double in
            let minutes = Double(index) * 317.0625
            return 1_800_000_000 + minutes + Double(index % 97) / 7
        }
        let text = times.map(PackedColumn.bits(of:)).joined(separator: ",") + ",-"
        let parsed: [Double?]? = Data(text.utf8).withUnsafeBytes { PackedColumn.doubles($0, limit: times.count + 1) }
        let expected: [Double?] = times.map { $0 } + [nil]
        #expect(parsed == expected)
    }

    @Test func aColumnLongerThanTheCapIsRefused() throws {
        let cap = HelperProtocol.maximumFocusRecords
        let many = Data((String(repeating: "1,", count: cap) + "1").utf8)
        let tooMany: [Int?]? = many.withUnsafeBytes { PackedColumn.integers($0, as: Int.self, limit: cap) }
        #expect(tooMany == nil)
        let enough: [Int?]? = many.dropFirst(2).withUnsafeBytes { PackedColumn.integers($0, as: Int.self, limit: cap) }
        #expect(enough?.count == cap)
    }
}

/// The helper's writing of a `focus` answer (`HelperResponse.json()`): the
/// bytes `JSONEncoder` writes, names with characters it escapes included.
@Suite struct FocusAnswerWritingTests {
    static func columns() throws -> [FocusColumns] {
        var escaped = FocusColumns(try FocusColumnsTests.records())
        escaped.names.labels = ["a/b \"quoted\" \\ tab\t\u{7F} é 🙂"]
        var negative = escaped
        negative.ids[0] = Int64.min
        negative.starts[1] = -0.5
        negative.ends[2] = 1e300
        return [FocusColumns([]), FocusColumns(try FocusColumnsTests.records()), escaped, negative]
    }

    @Test(arguments: 0..<4)
    func theAnswerIsWhatJSONEncoderWrites(_ index: Int) throws {
        let columns = try Self.columns()[index]
        let response = HelperResponse(sessions: [], notes: [], focus: columns)
        #expect(try response.json() == (try HelperProtocol.encoder().encode(response)))
        #expect(try columns.json() == (try HelperProtocol.encoder().encode(columns)))
        #expect(try FocusAnswer(try response.json())?.columns() == columns)
    }

    @Test func answersWithoutColumnsAreJSONEncoders() throws {
        let failure = HelperResponse(failure: ProtocolFailure(code: .busy, message: "busy"))
        #expect(try failure.json() == (try HelperProtocol.encoder().encode(failure)))
        let plain = HelperResponse(sessions: [])
        #expect(try plain.json() == (try HelperProtocol.encoder().encode(plain)))
    }
}
