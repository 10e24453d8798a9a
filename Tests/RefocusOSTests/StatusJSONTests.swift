import Foundation
import Testing

@testable import RefocusOS

/// The status file's JSON parser: what it reads, compared with
/// `JSONSerialization` where both read, and what it refuses.
@Suite struct StatusJSONTests {
    @Test(arguments: [
        (#"{"a":1,"b":[true,false,null],"c":{"d":"e"}}"#,
         StatusJSON.object([.init(key: "a", value: .integer(1)),
                            .init(key: "b", value: .array([.bool(true), .bool(false), .null])),
                            .init(key: "c", value: .object([.init(key: "d", value: .string("e"))]))])),
        (" \n\t{ \"a\" : [ ] , \"b\" : { } }\r\n ",
         .object([.init(key: "a", value: .array([])), .init(key: "b", value: .object([]))])),
        ("0", .integer(0)), ("-0", .integer(0)), ("-12", .integer(-12)),
        ("9223372036854775807", .integer(Int.max)), ("-9223372036854775808", .integer(Int.min)),
        (#""a\"b\\c\/d\b\f\n\r\t""#, .string("a\"b\\c/d\u{8}\u{C}\n\r\t")),
        (#""\u00e9\u20AC\ud83d\ude00 é€😀""#, .string("é€😀 é€😀")),
        (#""\u0000""#, .string("\u{0}")),
        (#"[[[[1]]]]"#, .array([.array([.array([.array([.integer(1)])])])])),
    ])
    func readsJSON(text: String, expected: StatusJSON) throws {
        #expect(StatusJSON.parse(Array(text.utf8)) == expected)
    }

    @Test(arguments: [
        "", " ", "{", "}", "[1,]", "{\"a\":1,}", "{\"a\" 1}", "{a:1}", "{\"a\":1}}", "[1] [2]", "tru", "nul", "True",
        "1.0", "1e3", "1E3", "-", "01", "-01", "+1", "9223372036854775808", "-9223372036854775809",
        "\"abc", "\"a\nb\"", "\"\\x\"", "\"\\u12\"", "\"\\ud83d\"", "\"\\ud83d\\u0041\"", "\"\\ude00\"",
        "'a'", "[1 2]", "{\"a\":}",
    ])
    func refusesWhatIsNotJSONOrNotWhole(text: String) {
        #expect(StatusJSON.parse(Array(text.utf8)) == nil, "\(text)")
    }

    @Test func refusesBytesThatAreNotUTF8InAString() {
        #expect(StatusJSON.parse([UInt8(ascii: "\""), 0xC3, UInt8(ascii: "\"")]) == nil)
        #expect(StatusJSON.parse([UInt8(ascii: "\""), 0xC3, 0xA9, UInt8(ascii: "\"")]) == .string("é"))
    }

    @Test func refusesNestingDeeperThanItsLimit() {
        let limit = StatusJSON.maximumDepth
        #expect(StatusJSON.parse(Array((String(repeating: "[", count: limit) + String(repeating: "]", count: limit)).utf8)) != nil)
        let deeper = String(repeating: "[", count: limit + 1) + String(repeating: "]", count: limit + 1)
        #expect(StatusJSON.parse(Array(deeper.utf8)) == nil)
    }

    @Test func findsMembersByKeyTheLastOfRepeatedOnes() throws {
        let object = try #require(StatusJSON.parse(Array(#"{"a":1,"b":"x","a":2}"#.utf8)))
        #expect(object["a"]?.integer == 2 && object["b"]?.string == "x" && object["c"] == nil)
        #expect(object["b"]?.integer == nil && StatusJSON.integer(1)["a"] == nil)
    }

    /// Strings and whole numbers read as `JSONSerialization` reads them.
    @Test(arguments: [#""plain""#, #""esc\"aped\\ \/ \n""#, #""\u00e9\ud83d\ude00""#, "123456789012", "-7"])
    func agreesWithJSONSerialization(text: String) throws {
        let foundation = try JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed)
        switch StatusJSON.parse(Array(text.utf8)) {
        case .string(let value)?: #expect(foundation as? String == value)
        case .integer(let value)?: #expect(foundation as? Int == value)
        default: Issue.record("\(text) did not parse")
        }
    }
}
