import RefocusCore

/// The one JSON reader (`JSONReader`): what its ordered value accepts, its
/// check accepts (the check alone lets a value string that is not UTF-8
/// through, for `JSONDecoder` to refuse), and a value written as text
/// (`JSONValue.text`) reads back the same value.
enum JSONFuzz: FuzzTarget {
    static let name = "json"

    static func fuzz(_ bytes: [UInt8]) {
        let checked = (try? JSONReader.check(bytes)) != nil
        let value = try? JSONValue(parsing: bytes)
        FuzzCheck.require(checked || value == nil, "the check accepts what the value accepts", input: bytes)
        guard let value else { return }
        FuzzCheck.require(
            (try? JSONValue(parsing: Array(value.text.utf8))) == value,
            "a value written as text reads back the same", input: bytes)
    }
}
