import RefocusCore

/// The one JSON reader (`JSONReader`): what its ordered value accepts, its
/// check accepts (the check alone lets a value string that is not UTF-8
/// through, for `JSONDecoder` to refuse), and a value written as text
/// (`JSONValue.text`) reads back the same value. Its member ranges
/// (`JSONMemberRanges`) accept what the check accepts, and each range of a
/// top-level member reads as that member's value.
enum JSONFuzz: FuzzTarget {
    static let name = "json"

    static func fuzz(_ bytes: [UInt8]) {
        let checked = (try? JSONReader.check(bytes)) != nil
        let value = try? JSONValue(parsing: bytes)
        let ranges = try? JSONMemberRanges(bytes, depth: 2)
        FuzzCheck.require(checked || value == nil, "the check accepts what the value accepts", input: bytes)
        FuzzCheck.require(checked == (ranges != nil), "the member ranges accept what the check accepts", input: bytes)
        guard let value else { return }
        FuzzCheck.require(
            (try? JSONValue(parsing: Array(value.text.utf8))) == value,
            "a value written as text reads back the same", input: bytes)
        guard let ranges, case .object(let members) = value else { return }
        let found = ranges.members(under: [])
        FuzzCheck.require(found.count == members.count, "every top-level member has a range", input: bytes)
        for member in members {
            let text = found[member.key].map { Array(bytes[$0]) }
            FuzzCheck.require(
                text.flatMap { try? JSONValue(parsing: $0) } == member.value,
                "a member's range reads as its value", input: bytes)
        }
    }
}
