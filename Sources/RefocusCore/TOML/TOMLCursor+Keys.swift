extension TOMLCursor {
    /// Whether a key starts at the cursor: a bare key's byte or a quote.
    var isAtKey: Bool {
        guard let byte = current else { return false }
        return TOMLByte.isBareKey(byte) || byte == TOMLByte.quote || byte == TOMLByte.apostrophe
    }

    /// The key at the cursor, by its parts: one for `name`, three for
    /// `a."b c".d` (spaces may stand around the dots). Takes the spaces
    /// after it. At most `maximumParts` parts, so that a key cannot nest
    /// tables past the reader's depth.
    mutating func key(maximumParts: Int) throws(TOMLError) -> [String] {
        var parts: [String] = []
        while true {
            guard parts.count < maximumParts else {
                throw error("a key of more than \(maximumParts) parts; TOML files here nest tables less deep")
            }
            parts.append(try keyPart())
            skipSpaces()
            guard current == TOMLByte.dot else { return parts }
            advance()
            skipSpaces()
        }
    }

    /// One part of a key: a bare key, or a one-line string.
    private mutating func keyPart() throws(TOMLError) -> String {
        guard let byte = current, isAtKey else {
            throw error("expected a key (letters, digits, '_' and '-', or a name in quotes), found \(found)")
        }
        if byte == TOMLByte.quote || byte == TOMLByte.apostrophe {
            guard !isAtTriple(byte) else {
                throw error("a key cannot be a multi-line string; quote it with one \" or '")
            }
            return try string()
        }
        let start = offset
        while let next = current, TOMLByte.isBareKey(next) { advance() }
        return String(decoding: bytes[start..<offset], as: UTF8.self)
    }

    /// A key's parts as TOML writes them, for a message: `presets.deep.lists`, `a."b c"`.
    static func keyText(_ parts: some Sequence<String>) -> String {
        parts.map { part in
            !part.isEmpty && part.utf8.allSatisfy(TOMLByte.isBareKey) ? part : TOMLText.string(part)
        }.joined(separator: ".")
    }
}
