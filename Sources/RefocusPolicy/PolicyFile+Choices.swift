import RefocusCore

/// The keys whose value is one word of a few (`browser_doh`,
/// `per_user_fallback`, `user_sessions`): one reading, and one message
/// that names every allowed word with what it means.
extension PolicyFile {
    /// The choice `value` names, or `fail`'s error naming each of `Choice`'s
    /// words in order with `meaning`'s words for it: `give "a" (…), "b" (…)
    /// or "c" (…), in quotes`.
    static func choice<Choice: CaseIterable & RawRepresentable<String>>(
        _ value: TOMLValue, fail: (String) -> PolicyError, meaning: (Choice) -> String
    ) throws(PolicyError) -> Choice {
        if let text = value.string, let choice = Choice(rawValue: text) { return choice }
        let words = Choice.allCases.map { "\"\($0.rawValue)\" (\(meaning($0)))" }
        let listed =
            words.count > 1 ? words.dropLast().joined(separator: ", ") + " or " + (words.last ?? "") : words.joined()
        throw fail("give \(listed), in quotes")
    }
}
