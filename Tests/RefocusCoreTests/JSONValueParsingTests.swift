import Foundation
import Testing

@testable import RefocusCore

/// The ordered `JSONValue` read by the one `JSONReader`: what it builds,
/// what it refuses, and how the numbers and strings it keeps decode.
@Suite struct JSONValueParsingTests {
    static func parse(_ text: String, maximumDepth: Int = JSONReader.maximumDepth) -> JSONValue? {
        try? JSONValue(parsing: Array(text.utf8), maximumDepth: maximumDepth)
    }

    @Test(arguments: [
        (
            #"{"a":1,"b":[true,false,null],"c":{"d":"e"}}"#,
            JSONValue.object([
                .init(key: "a", value: .number("1")),
                .init(key: "b", value: .array([.bool(true), .bool(false), .null])),
                .init(key: "c", value: .object([.init(key: "d", value: .string("e"))])),
            ])
        ),
        (
            " \n\t{ \"a\" : [ ] , \"b\" : { } }\r\n ",
            .object([.init(key: "a", value: .array([])), .init(key: "b", value: .object([]))])
        ),
        ("0", .number("0")), ("-0", .number("-0")), ("-12.5e+3", .number("-12.5e+3")),
        (#""a\"b\\c\/d\b\f\n\r\t""#, .string("a\"b\\c/d\u{8}\u{C}\n\r\t")),
        (#""\u00e9\u20AC\ud83d\ude00 é€😀""#, .string("é€😀 é€😀")),
        (#""\u0000""#, .string("\u{0}")),
        (#"[[[[1]]]]"#, .array([.array([.array([.array([.number("1")])])])])),
        (
            #"{"z":1,"a":2,"m":3}"#,
            .object([
                .init(key: "z", value: .number("1")), .init(key: "a", value: .number("2")),
                .init(key: "m", value: .number("3")),
            ])
        ),
    ])
    func buildsTheValueInTheDocumentsOrder(text: String, expected: JSONValue) {
        #expect(Self.parse(text) == expected)
    }

    @Test(arguments: [
        "", " ", "{", "}", "[1,]", "{\"a\":1,}", "{\"a\" 1}", "{a:1}", "{\"a\":1}}", "[1] [2]", "tru", "nul", "True",
        "-", "01", "-01", "+1", "\"abc", "\"a\nb\"", "\"\\x\"", "\"\\u12\"", "\"\\ud83d\"", "\"\\ud83d\\u0041\"",
        "\"\\ude00\"", "'a'", "[1 2]", "{\"a\":}",
    ])
    func refusesWhatIsNotJSONOrNotWhole(text: String) {
        #expect(Self.parse(text) == nil, "\(text)")
    }

    @Test func refusesBytesThatAreNotUTF8InAKeptString() {
        #expect(throws: JSONValue.ParseProblem(line: 1, reason: "the string is not UTF-8")) {
            try JSONValue(parsing: [UInt8(ascii: "\""), 0xC3, UInt8(ascii: "\"")])
        }
        #expect(Self.parse("\"\u{E9}\"") == .string("é"))
    }

    /// A string without an escape is taken from the document as a slice, one
    /// with escapes byte by byte from its first escape: both keep the same
    /// text, and both refuse bytes that are not UTF-8, before or after an
    /// escape, in a key as in a value.
    @Test func readsAStringAlikeWithOrWithoutEscapes() {
        #expect(Self.parse(#""é€😀""#) == .string("é€😀"))
        #expect(Self.parse(#""é€\n😀""#) == .string("é€\n😀"))
        #expect(Self.parse(#"{"clé":"\u00e9t\u00e9"}"#) == .object([.init(key: "clé", value: .string("été"))]))
        let quote = UInt8(ascii: "\""), escape = Array(#"\n"#.utf8)
        let notUTF8: [[UInt8]] = [[UInt8(ascii: "a"), 0xFF], [0xC3] + escape, escape + [0xC3]]
        for text in notUTF8 {
            #expect(throws: JSONValue.ParseProblem(line: 1, reason: "the string is not UTF-8")) {
                try JSONValue(parsing: [quote] + text + [quote])
            }
            #expect(throws: JSONValue.ParseProblem(line: 1, reason: "the key is not UTF-8")) {
                try JSONValue(parsing: [UInt8(ascii: "{"), quote] + text + Array(#"":1}"#.utf8))
            }
        }
    }

    @Test func capsTheNestingAtTheCallersDepth() {
        let limit = 32
        let within = String(repeating: "[", count: limit) + String(repeating: "]", count: limit)
        #expect(Self.parse(within, maximumDepth: limit) != nil)
        #expect(Self.parse("[" + within + "]", maximumDepth: limit) == nil)
        #expect(Self.parse("[" + within + "]") != nil, "the default cap is JSONReader.maximumDepth")
    }

    /// The one reader decides repeated keys for every use: the helper's
    /// request check, this value (Firefox's policies.json) and the status
    /// file all refuse the same document. Before, the status file's reader
    /// kept the last of two keys where `JSONDecoder` kept the first.
    @Test func everyReaderRefusesARepeatedKey() throws {
        let text = #"{"version":1,"sessions":[{"locked":false,"locked":true}]}"#
        #expect(throws: JSONReader.Problem.duplicateKey("locked", path: "sessions[0]")) {
            try JSONReader.check(Array(text.utf8))
        }
        #expect(
            throws: JSONValue.ParseProblem(
                line: 1, reason: "the key 'locked' appears twice in the object at sessions[0]; give each key once")
        ) {
            try JSONValue(parsing: Array(text.utf8))
        }
    }

    /// Strings and whole numbers decode as `JSONSerialization` reads them.
    @Test(arguments: [#""plain""#, #""esc\"aped\\ \/ \n""#, #""\u00e9\ud83d\ude00""#, "123456789012", "-7"])
    func agreesWithJSONSerialization(text: String) throws {
        let foundation = try JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed)
        let value = try #require(Self.parse(text))
        if let string = foundation as? String {
            #expect(try JSONValueDecoder.decode(String.self, from: value) == string)
        } else {
            #expect(try JSONValueDecoder.decode(Int.self, from: value) == foundation as? Int)
        }
    }
}

extension JSONValueParsingTests {
    /// An object's keys are compared in a list up to `smallObject` and in a
    /// set beyond it: a repeated key is found on either side, and when it
    /// repeats one from before the switch.
    @Test(arguments: [2, JSONScanner.smallObject, JSONScanner.smallObject + 1, 200])
    func findsARepeatedKeyWhateverTheObjectsSize(keys: Int) {
        let members = (0..<keys).map { #""k\#($0)":\#($0)"# }
        for repeated in ["k0", "k\(keys - 1)"] {
            let text = "{" + (members + [#""\#(repeated)":true"#]).joined(separator: ",") + "}"
            #expect(throws: JSONReader.Problem.duplicateKey(repeated, path: "")) {
                try JSONReader.check(Array(text.utf8))
            }
            #expect(Self.parse(text) == nil)
        }
        #expect(Self.parse("{" + members.joined(separator: ",") + "}") != nil)
    }
}
