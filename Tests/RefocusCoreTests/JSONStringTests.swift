import Foundation
import Testing

@testable import RefocusCore

/// The waybar line's string literals are byte for byte what `JSONEncoder`
/// (`.withoutEscapingSlashes`) writes.
@Suite struct JSONStringTests {
    @Test(arguments: [
        "", "focus: social, news 23m", "#1 social until 14:05 (49m left)\n#2 news until Mon 09:00 (3d left, locked)",
        "quote \" backslash \\ slash /", "tab\tcr\rlf\nbs\u{8}ff\u{C}", "\u{0}\u{1}\u{F}\u{10}\u{1F}\u{7F} end",
        "é € 😀 \u{2028}", "\\u0041",
    ])
    func quotesAsJSONEncoderDoes(text: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        let expected = String(decoding: try encoder.encode(text), as: UTF8.self)
        #expect(JSONString.quoted(text) == expected)
    }
}
