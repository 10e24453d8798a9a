/// Why a text is not a TOML 1.0.0 document: where (the line, and the column
/// for a tool), and what to change there, in words a person acts on
/// ("a key is defined twice: presets.deep.lists (first on line 3)").
public struct TOMLError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The line of the problem, from 1.
    public let line: Int
    /// The column of the problem, from 1, counted in bytes of UTF-8 from the start of the line.
    public let column: Int
    /// What is wrong there and, where one is clear, the fix.
    public let reason: String

    /// An error at `line` and `column`.
    public init(line: Int, column: Int, reason: String) {
        self.line = line
        self.column = column
        self.reason = reason
    }

    /// "line N: reason".
    public var description: String { "line \(line): \(reason)" }
}

/// A place in a TOML document: a line and a column, from 1.
struct TOMLPosition: Equatable, Sendable {
    /// The line, from 1.
    let line: Int
    /// The column, from 1, in bytes.
    let column: Int

    /// An error here.
    func error(_ reason: String) -> TOMLError { TOMLError(line: line, column: column, reason: reason) }
}

/// Why a piece of text (a number, a date) is not what it looks like,
/// before the reader knows where it stands: it adds the place.
struct TOMLProblem: Error {
    /// What is wrong, as `TOMLError.reason` says it.
    let reason: String

    /// A value's text for a message: its first 40 characters, then "…".
    static func excerpt(_ bytes: ArraySlice<UInt8>) -> String {
        let text = String(decoding: bytes.prefix(160), as: UTF8.self)
        return text.count > 40 || bytes.count > 160 ? String(text.prefix(40)) + "…" : text
    }
}
