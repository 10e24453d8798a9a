import Testing

@testable import RefocusCore

/// Where the one `JSONReader` finds the values of a document's shallow
/// members (`JSONMemberRanges`): each range holds the member's value as
/// written, keys unescaped as a decoder reads them, only members reached
/// through objects and at most `depth` deep; a document the check refuses
/// is refused with the same problem.
@Suite struct JSONMemberRangesTests {
    static let document = #"""
        { "version": 1, "ok" : true, "f\u006fcus": {"ids": "1,2", "names": {"lists": ["a\"b"]},
          "deep": {"x": 1}}, "sessions": [{"id": 3}], "note": "\u00e9}", "none": null, "n": -1.5e3 }
        """#

    static func text(_ range: Range<Int>?, in text: String) -> String? {
        range.map { String(decoding: Array(text.utf8)[$0], as: UTF8.self) }
    }

    @Test func eachRangeHoldsTheMembersValueAsWritten() throws {
        let ranges = try JSONMemberRanges(Array(Self.document.utf8), depth: 2)
        #expect(ranges.isObject)
        let top = ranges.members(under: [])
        #expect(Set(top.keys) == ["version", "ok", "focus", "sessions", "note", "none", "n"])
        #expect(Self.text(top["version"], in: Self.document) == "1")
        #expect(Self.text(top["ok"], in: Self.document) == "true")
        #expect(Self.text(top["note"], in: Self.document) == #""\u00e9}""#)
        #expect(Self.text(top["none"], in: Self.document) == "null")
        #expect(Self.text(top["n"], in: Self.document) == "-1.5e3")
        #expect(Self.text(top["sessions"], in: Self.document) == #"[{"id": 3}]"#)
        let focus = ranges.members(under: ["focus"])
        #expect(Set(focus.keys) == ["ids", "names", "deep"])
        #expect(Self.text(focus["ids"], in: Self.document) == #""1,2""#)
        #expect(Self.text(focus["names"], in: Self.document) == #"{"lists": ["a\"b"]}"#)
        #expect(Self.text(ranges.value(at: ["focus", "deep"]), in: Self.document) == #"{"x": 1}"#)
        #expect(ranges.value(at: ["focus", "deep", "x"]) == nil, "three deep")
        #expect(ranges.value(at: ["sessions", "id"]) == nil, "inside an array")
        #expect(ranges.value(at: ["f\\u006fcus"]) == nil, "the key is read unescaped")
        let shallow = try JSONMemberRanges(Array(Self.document.utf8), depth: 1)
        #expect(shallow.members.allSatisfy { $0.path.count == 1 } && shallow.members.count == 7)
    }

    @Test func everyRangeReadsAsTheValueAtItsPath() throws {
        let bytes = Array(Self.document.utf8)
        let value = try JSONValue(parsing: bytes)
        let ranges = try JSONMemberRanges(bytes, depth: 2)
        #expect(ranges.members.count == 10)
        for member in ranges.members {
            let expected = member.path.reduce(Optional(value)) { $0?[$1] }
            #expect(try JSONValue(parsing: Array(bytes[member.value])) == expected, "\(member.path)")
        }
    }

    @Test(arguments: [
        "[1, 2]", #""focus""#, "3", "[]", " null ",
    ])
    func aDocumentThatIsNoObjectHasNoMembers(_ text: String) throws {
        let ranges = try JSONMemberRanges(Array(text.utf8), depth: 2)
        #expect(!ranges.isObject && ranges.members.isEmpty)
    }

    @Test(arguments: [
        "", "not JSON", #"{"ok": true"#, #"{"focus": "unclosed}"#, #"{"focus": {"a": [1, 2}}"#,
        #"{"focus": null, "f\u006fcus": {}}"#, #"{"focus": {"ids": "1", "ids": "2"}}"#, #"{"a": 1} {}"#,
        String(repeating: #"{"a":["#, count: 70) + String(repeating: "]}", count: 70),
    ])
    func whatTheCheckRefusesIsRefusedTheSame(_ text: String) {
        let bytes = Array(text.utf8)
        var checkProblem: JSONReader.Problem?
        do { try JSONReader.check(bytes) } catch { checkProblem = error }
        var rangesProblem: JSONReader.Problem?
        do { _ = try JSONMemberRanges(bytes, depth: 2) } catch { rangesProblem = error }
        #expect(checkProblem != nil)
        #expect(rangesProblem == checkProblem)
    }
}
