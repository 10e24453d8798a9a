/// One run of the `refocus` command that answers a request: its arguments
/// (after the program's name), what it reads on stdin, and how its output
/// goes back (JSON as printed; plain text wrapped as `{"output": …}`; CSV
/// as a download).
public struct CommandRun: Equatable, Sendable {
    /// How the command's stdout becomes the answer's body.
    public enum Answer: Equatable, Sendable {
        case json
        case text
        case csv(filename: String)
    }

    public let arguments: [String]
    public let input: [UInt8]
    public let answer: Answer

    public init(_ arguments: [String], input: [UInt8] = [], answer: Answer = .json) {
        self.arguments = arguments
        self.input = input
        self.answer = answer
    }
}

/// What the page sends, checked before it becomes a command's arguments:
/// names of the CLI's own shape, lengths and times of its forms, free text
/// (a label, entries, a cron expression) capped and without control
/// characters, and every value after `--` or in `--option=value` form, so
/// that nothing the page sends is read as an option of `refocus`. The CLI
/// checks the rest exactly as it does for a person at a terminal.
public enum CommandArguments {
    /// A list's or preset's name: lower-case letters, digits, `-`, `_`, 1 to 64, not starting with `-`.
    public static func isName(_ text: String) -> Bool {
        (1...64).contains(text.utf8.count) && text.utf8.first != UInt8(ascii: "-")
            && text.utf8.allSatisfy {
                ($0 >= 97 && $0 <= 122) || ($0 >= 48 && $0 <= 57) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_")
            }
    }

    /// A length (`25m`, `1h30m`, `90s`) or WORK/BREAK (`50/10`): digits, h, m, s, `/`, at most 16.
    public static func isLength(_ text: String) -> Bool {
        (1...16).contains(text.utf8.count)
            && text.utf8.allSatisfy { ($0 >= 48 && $0 <= 57) || "hms/".utf8.contains($0) }
    }

    /// `HH:MM`.
    public static func isClockTime(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return bytes.count == 5 && bytes[2] == UInt8(ascii: ":")
            && [0, 1, 3, 4].allSatisfy { bytes[$0] >= 48 && bytes[$0] <= 57 }
    }

    /// Free text of at most `limit` bytes without control characters.
    public static func isText(_ text: String, limit: Int) -> Bool {
        (1...limit).contains(text.utf8.count) && text.unicodeScalars.allSatisfy { $0.value >= 32 && $0.value != 127 }
    }
}
