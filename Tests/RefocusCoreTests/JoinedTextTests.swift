import Testing

@testable import RefocusCore

/// `joinedText` gives what the standard library's `joined(separator:)` gives.
struct JoinedTextTests {
    @Test(arguments: [[], [""], ["social"], ["social", "news"], ["a", "", "c"], ["ünï", "코드", "x"]])
    func itMatchesTheStandardJoin(parts: [String]) {
        #expect(parts.joinedText(", ") == parts.joined(separator: ", "))
        #expect(parts.joinedText() == parts.joined())
    }
}
