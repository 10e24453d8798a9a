import RefocusCore

/// The text of a scheduled reminder (`refocus schedule add … --remind TEXT`),
/// shown as a desktop notification's summary: one line of 1 to
/// `maximumBytes` bytes of UTF-8, not only blanks, with no control character
/// (C0, DEL, C1), no line or paragraph separator, no bidirectional override
/// and no U+FFFD (a crontab line holding it reads as undecodable bytes).
/// Anything else stands in a crontab line: `CrontabCommand` quotes it for sh
/// (`'`, `$`, `\`, `` ` ``) and escapes `%` and `\` for cron.
public struct ReminderText: Sendable, Equatable, CustomStringConvertible {
    /// The most bytes of UTF-8 a reminder may hold.
    public static let maximumBytes = 200

    /// The text as given.
    public let rawValue: String

    /// A checked reminder text.
    ///
    /// - Throws: `ScheduleError.invalidReminder` naming the first fault.
    public init(_ text: String) throws(ScheduleError) {
        if let fault = Self.fault(of: text) { throw .invalidReminder(text, fault) }
        rawValue = text
    }

    public var description: String { rawValue }

    /// The text in double quotes, each `"` and `\` in it after a backslash: `"Plan the \"deep\" work"`.
    public var quoted: String {
        var quoted = "\""
        for character in rawValue {
            if character == "\"" || character == "\\" { quoted.append("\\") }
            quoted.append(character)
        }
        return quoted + "\""
    }

    /// Why `text` cannot be a reminder, as the end of a sentence; nil when it can.
    static func fault(of text: String) -> String? {
        if text.unicodeScalars.allSatisfy({ $0.properties.isWhitespace }) { return "it is empty" }
        if text.utf8.count > maximumBytes {
            return "it has \(text.utf8.count) bytes, more than \(maximumBytes)"
        }
        if let scalar = text.unicodeScalars.first(where: isRefused) {
            let code = String(scalar.value, radix: 16, uppercase: true)
            return "it holds U+\(String(repeating: "0", count: max(0, 4 - code.count)) + code), which a one-line "
                + "notification cannot show"
        }
        return nil
    }

    /// Control characters, line and paragraph separators, bidirectional
    /// embeddings, overrides and isolates, and U+FFFD.
    private static func isRefused(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: return true
        default: break
        }
        return (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
            || scalar.value == 0xFFFD
    }
}
