/// Reads a TOML 1.0.0 document line by line: comments, blank lines,
/// `[table]` and `[[array]]` headers, `key = value` pairs, each ending its
/// line. Values are `TOMLReader+Values`; what the definitions make of the
/// tables is `TOMLTableBuilder`.
struct TOMLReader {
    /// Where the reading is.
    var cursor: TOMLCursor
    /// The document's tables so far.
    var builder: TOMLTableBuilder

    /// A reader at the start of `bytes`.
    init(_ bytes: [UInt8]) {
        cursor = TOMLCursor(bytes)
        builder = TOMLTableBuilder(
            root: TOMLTableNode(origin: .header, depth: 0), path: [],
            maximumDepth: TOMLTable.maximumDepth)
    }

    /// The whole document.
    mutating func document() throws(TOMLError) -> TOMLTable {
        while true {
            cursor.skipSpaces()
            switch cursor.current {
            case nil:
                return builder.root.freeze()
            case TOMLByte.hash:
                try cursor.skipComment()
            case TOMLByte.lineFeed, TOMLByte.carriageReturn:
                _ = try cursor.takeNewline()
            case TOMLByte.openBracket:
                try header()
                try cursor.finishLine(after: "the table header")
            default:
                let key = try keyValue(into: builder, expected: "a key, a [table] header or a comment")
                try cursor.finishLine(after: "the value of \(TOMLCursor.keyText(key))")
            }
        }
    }

    /// A `[table]` or `[[array]]` header.
    private mutating func header() throws(TOMLError) {
        let start = cursor.position
        cursor.advance()
        let isArray = cursor.current == TOMLByte.openBracket
        if isArray { cursor.advance() }
        cursor.skipSpaces()
        guard cursor.isAtKey else {
            throw cursor.error("a table header needs a name, such as [name] or [[name]]; found \(cursor.found)")
        }
        let path = try cursor.key(maximumParts: TOMLTable.maximumDepth)
        let close = isArray ? "]]" : "]"
        for _ in 0..<(isArray ? 2 : 1) {
            guard cursor.current == TOMLByte.closeBracket else {
                throw cursor.error(
                    "expected '\(close)' to end the header [\(isArray ? "[" : "")\(TOMLCursor.keyText(path)), "
                        + "found \(cursor.found)")
            }
            cursor.advance()
        }
        if isArray {
            try builder.openArrayElement(path, at: start)
        } else {
            try builder.openTable(path, at: start)
        }
    }

    /// A `key = value` pair, defined in `target`'s current table; returns the key's parts, for
    /// messages. `expected`: what the message says was expected where no key starts.
    mutating func keyValue(into target: TOMLTableBuilder, expected: String) throws(TOMLError) -> [String] {
        let start = cursor.position
        guard cursor.isAtKey else { throw cursor.error("expected \(expected), found \(cursor.found)") }
        let key = try cursor.key(maximumParts: TOMLTable.maximumDepth)
        guard cursor.current == TOMLByte.equals else {
            throw cursor.error("expected '=' after the key \(TOMLCursor.keyText(key)), found \(cursor.found)")
        }
        cursor.advance()
        cursor.skipSpaces()
        let path = target.currentPath + key
        let value = try value(path: path, depth: target.current.depth + key.count)
        try target.define(key, as: value, at: start)
        return key
    }
}

extension TOMLTable {
    /// How deep tables and arrays may nest in a document that `init(parsing:)`
    /// reads: deeper is refused, so that a hostile file cannot exhaust the stack.
    public static let maximumDepth = 64

    /// The document in `bytes`, which must be UTF-8 (a byte-order mark at the
    /// start is skipped). Throws the first problem, with its line.
    public init(parsing bytes: [UInt8]) throws(TOMLError) {
        var reader = TOMLReader(bytes)
        self = try reader.document()
    }

    /// The document in `text`.
    public init(parsing text: String) throws(TOMLError) {
        try self.init(parsing: Array(text.utf8))
    }
}
