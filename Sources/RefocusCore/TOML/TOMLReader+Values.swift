extension TOMLReader {
    /// The value at the cursor, which `path` names (for messages) and which
    /// would stand at `depth` (an array or a table deeper than
    /// `TOMLTable.maximumDepth` is refused).
    mutating func value(path: [String], depth: Int) throws(TOMLError) -> TOMLValue {
        switch cursor.current {
        case TOMLByte.quote, TOMLByte.apostrophe:
            return .string(try cursor.string())
        case TOMLByte.openBracket, TOMLByte.openBrace:
            guard depth <= TOMLTable.maximumDepth else {
                throw cursor.error(
                    "arrays and tables nested more than \(TOMLTable.maximumDepth) deep; TOML files here are flatter")
            }
            return cursor.current == TOMLByte.openBracket
                ? try array(path: path, depth: depth)
                : try inlineTable(path: path, depth: depth)
        default:
            return try cursor.bareValue()
        }
    }

    /// An array (at its `[`): elements separated by commas, a comma after the
    /// last allowed; line breaks and comments may stand between them.
    private mutating func array(path: [String], depth: Int) throws(TOMLError) -> TOMLValue {
        let start = cursor.position
        cursor.advance()
        var elements: [TOMLValue] = []
        while true {
            try cursor.skipBlank()
            if cursor.current == TOMLByte.closeBracket { break }
            guard cursor.current != nil else { throw start.error("an array is not closed: end it with ']'") }
            elements.append(try value(path: path, depth: depth + 1))
            try cursor.skipBlank()
            if cursor.current == TOMLByte.closeBracket { break }
            guard cursor.current == TOMLByte.comma else {
                guard cursor.current != nil else { throw start.error("an array is not closed: end it with ']'") }
                throw cursor.error("expected ',' or ']' after an element of the array, found \(cursor.found)")
            }
            cursor.advance()
        }
        cursor.advance()
        return .array(elements)
    }

    /// An inline table (at its `{`): key/value pairs separated by commas, on
    /// one line, without a comma after the last; closed once read.
    private mutating func inlineTable(path: [String], depth: Int) throws(TOMLError) -> TOMLValue {
        let start = cursor.position
        cursor.advance()
        let table = TOMLTableBuilder(
            root: TOMLTableNode(origin: .header, depth: depth), path: path,
            maximumDepth: TOMLTable.maximumDepth)
        cursor.skipSpaces()
        if cursor.current == TOMLByte.closeBrace {
            cursor.advance()
            return .table(table.root.freeze())
        }
        while true {
            cursor.skipSpaces()
            try checkInline(start, expecting: "a key")
            _ = try keyValue(into: table, expected: "a key in the inline table")
            cursor.skipSpaces()
            if cursor.current == TOMLByte.closeBrace { break }
            guard cursor.current == TOMLByte.comma else {
                try checkInline(start, expecting: "',' or '}'")
                throw cursor.error("expected ',' or '}' after a value of the inline table, found \(cursor.found)")
            }
            cursor.advance()
            cursor.skipSpaces()
            if cursor.current == TOMLByte.closeBrace {
                throw cursor.error("a comma after the last value of an inline table; remove it")
            }
        }
        cursor.advance()
        return .table(table.root.freeze())
    }

    /// Throws when the inline table opened at `start` runs to the end of its line or of the file.
    private func checkInline(_ start: TOMLPosition, expecting what: String) throws(TOMLError) {
        switch cursor.current {
        case nil:
            throw start.error("an inline table is not closed: end it with '}'")
        case TOMLByte.lineFeed, TOMLByte.carriageReturn, TOMLByte.hash:
            throw cursor.error(
                "expected \(what) in the inline table, found \(cursor.found); an inline table "
                    + "must end on the line it starts on (or write a [table])")
        default:
            return
        }
    }
}
