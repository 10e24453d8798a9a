import Foundation
import Testing
@testable import RefocusCore

@Suite struct JSONReaderCheckTests {
    static func check(_ json: String) -> JSONReader.Problem? {
        do {
            try JSONReader.check(Array(json.utf8))
            return nil
        } catch {
            return error
        }
    }

    static let accepted: [String] = [
        #"{}"#, #"[]"#, #"0"#, #"-0.5e+10"#, #"1E-2"#, #"true"#, #"false"#, #"null"#, #""text""#,
        " \t\r\n{ \"a\" : [ 1 , 2 ] } \n",
        #"{"version":1,"verb":"status"}"#,
        #"{"a":{"a":{"a":1}}}"#,  // the same key in nested objects
        #"[{"a":1},{"a":2}]"#,  // and in sibling objects
        #"{"a":1,"A":2,"a ":3,"b":"a"}"#,
        #"{"\u00e9":1,"\u00c9":2}"#,
        #"{"\ud83d\ude00":1,"\ud83d\ude01":2}"#,  // two different astral characters
        #"{"esc":"\" \\ \/ \b \f \n \r \t \u0000"}"#,
        #"{"k":"\ud800\udc00"}"#,
        "{\"caf\u{E9}\":1,\"cafe\":2}",
    ]

    @Test(arguments: accepted)
    func acceptsValidDocumentsWithoutRepeatedKeys(_ json: String) {
        #expect(Self.check(json) == nil)
        // JSONSerialization agrees that each is JSON.
        #expect((try? JSONSerialization.jsonObject(with: Data(json.utf8), options: [.fragmentsAllowed])) != nil)
    }

    struct Duplicate: Sendable, CustomTestStringConvertible {
        let json: String
        let key: String
        let path: String
        var testDescription: String { json }
    }

    static let duplicates: [Duplicate] = [
        Duplicate(json: #"{"a":1,"a":2}"#, key: "a", path: ""),
        Duplicate(json: #"{"version":1,"verb":"stop","verb":"start"}"#, key: "verb", path: ""),
        Duplicate(json: #"{"a":1,"\u0061":2}"#, key: "a", path: ""),
        Duplicate(json: #"{"\u0061":1,"a":2}"#, key: "a", path: ""),
        Duplicate(json: #"{"ab":1,"a\u0062":2}"#, key: "ab", path: ""),
        Duplicate(json: #"{"\/":1,"/":2}"#, key: "/", path: ""),
        Duplicate(json: #"{"\n":1,"\u000A":2}"#, key: "\n", path: ""),
        Duplicate(json: #"{"\ud83d\ude00":1,"😀":2}"#, key: "😀", path: ""),
        Duplicate(json: "{\"caf\\u00e9\":1,\"cafe\u{301}\":2}", key: "cafe\u{301}", path: ""),
        Duplicate(json: #"{"start":{"lists":[{"name":"w","name":"x"}]}}"#, key: "name", path: "start.lists[0]"),
        Duplicate(
            json: #"{"start":{"lists":[{"name":"w"},{"entries":[],"entries":[]}]}}"#, key: "entries",
            path: "start.lists[1]"),
        Duplicate(json: #"[[1,{"x":[{}],"y":0,"x":1}]]"#, key: "x", path: "[0][1]"),
        Duplicate(json: #"{"stop":{"sessionID":1},"stop":{"sessionID":2}}"#, key: "stop", path: ""),
    ]

    @Test(arguments: duplicates)
    func refusesARepeatedKeyNamingItAndItsPath(_ duplicate: Duplicate) {
        #expect(Self.check(duplicate.json) == .duplicateKey(duplicate.key, path: duplicate.path))
    }

    @Test func theMessageNamesTheKeyAndWhereItIs() {
        #expect(
            JSONReader.Problem.duplicateKey("name", path: "start.lists[0]").description
                == "the key 'name' appears twice in the object at start.lists[0]; give each key once")
        #expect(
            JSONReader.Problem.duplicateKey("verb", path: "").description
                == "the key 'verb' appears twice in the top-level object; give each key once")
    }

    static let malformed: [String] = [
        "", " ", "{", "}", "[1,]", "[,1]", #"{"a":1,}"#, #"{"a" 1}"#, #"{a:1}"#, #"{'a':1}"#, #"{"a":1 "b":2}"#,
        "01", "1.", ".5", "-", "1e", "+1", "0x10", "NaN", "tru", "nul", "True",
        #""unterminated"#, #""\x""#, #""\u12""#, #""\u12G4""#,
        #""\ud800""#, #""\udc00""#, #""\ud800\u0041""#, #"{"\ud800":1}"#,
        "\"tab\tinside\"", "\"line\nbreak\"",
        "{} {}", "[] x", "\u{FEFF}{}",
    ]

    @Test(arguments: malformed)
    func refusesWhatIsNotJSON(_ json: String) {
        guard case .malformed = Self.check(json) else {
            Issue.record("accepted or misjudged: \(String(describing: Self.check(json)))")
            return
        }
    }

    @Test func refusesAKeyThatIsNotUTF8() {
        var bytes = Array(#"{"a":1,"#.utf8)
        bytes += [
            UInt8(ascii: "\""), 0xFF, UInt8(ascii: "\""), UInt8(ascii: ":"), UInt8(ascii: "2"), UInt8(ascii: "}"),
        ]
        #expect(throws: JSONReader.Problem.malformed(offset: 7, reason: "the key is not UTF-8")) {
            try JSONReader.check(bytes)
        }
    }

    @Test(arguments: [(64, true), (65, false)])
    func capsTheNestingDepth(_ depth: Int, _ accepted: Bool) {
        let arrays = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        let objects = String(repeating: #"{"k":"#, count: depth - 1) + "{}" + String(repeating: "}", count: depth - 1)
        for json in [arrays, objects] {
            let problem = Self.check(json)
            if accepted {
                #expect(problem == nil)
            } else if case .tooDeep(let path) = problem {
                #expect(
                    path
                        == (json == arrays
                            ? String(repeating: "[0]", count: 64)
                            : Array(repeating: "k", count: 64).joined(separator: ".")))
            } else {
                Issue.record("expected tooDeep, got \(String(describing: problem))")
            }
        }
    }

    @Test func takesLinearTimeOnLargeDocuments() {
        // 200,000 distinct keys and a 4 MB string: a quadratic scan would take minutes.
        let keys = (0..<200_000).map { #""k\#($0)":\#($0)"# }.joined(separator: ",")
        let json = "{" + keys + #","big":""# + String(repeating: "x", count: 4 << 20) + "\"}"
        let start = ContinuousClock.now
        #expect(Self.check(json) == nil)
        #expect(Self.check(String(json.dropLast()) + #","k199999":0}"#) == .duplicateKey("k199999", path: ""))
        #expect(ContinuousClock.now - start < .seconds(20))
    }
}
