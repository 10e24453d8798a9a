extension TOMLCursor {
    /// The string at the cursor (at its first quote), unescaped: basic
    /// (`"…"`), literal (`'…'`), multi-line basic (`"""…"""`) or multi-line
    /// literal (`'''…'''`).
    mutating func string() throws(TOMLError) -> String {
        let quote = current ?? TOMLByte.quote
        let multiline = isAtTriple(quote)
        let start = position
        advance(multiline ? 3 : 1)
        var text: [UInt8] = []
        if multiline {
            // A line break right after the opening delimiter is not part of the text.
            _ = try takeNewline()
            while try !multilineStringEnds(quote, openedAt: start, text: &text) {}
        } else {
            while try !stringEnds(quote, openedAt: start, text: &text) {}
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// Reads one character of a one-line string into `text`; true at its closing quote (taken).
    private mutating func stringEnds(
        _ quote: UInt8, openedAt start: TOMLPosition,
        text: inout [UInt8]
    ) throws(TOMLError) -> Bool {
        switch current {
        case nil:
            throw start.error("a string is not closed: end it with \(Character(Unicode.Scalar(quote))) on its line")
        case quote:
            advance()
            return true
        case TOMLByte.lineFeed, TOMLByte.carriageReturn:
            let delimiter = String(repeating: Character(Unicode.Scalar(quote)), count: 3)
            throw error(
                "a string must end on the line it starts on: close it there, or open it with \(delimiter) "
                    + "to span lines")
        case TOMLByte.backslash where quote == TOMLByte.quote:
            try escape(into: &text)
        default:
            try character(into: &text, literal: quote == TOMLByte.apostrophe)
        }
        return false
    }

    /// Reads one character (or a line break, or a run of quotes) of a
    /// multi-line string into `text`; true at its closing delimiter (taken).
    private mutating func multilineStringEnds(
        _ quote: UInt8, openedAt start: TOMLPosition,
        text: inout [UInt8]
    ) throws(TOMLError) -> Bool {
        switch current {
        case nil:
            let delimiter = String(repeating: Character(Unicode.Scalar(quote)), count: 3)
            throw start.error("a multi-line string is not closed: end it with \(delimiter)")
        case quote:
            return try quotesEnd(quote, text: &text)
        case TOMLByte.lineFeed, TOMLByte.carriageReturn:
            _ = try takeNewline()
            text.append(TOMLByte.lineFeed)
        case TOMLByte.backslash where quote == TOMLByte.quote:
            if try !skipLineEndingBackslash() { try escape(into: &text) }
        default:
            try character(into: &text, literal: quote == TOMLByte.apostrophe)
        }
        return false
    }

    /// Takes a run of quotes in a multi-line string: one or two are text;
    /// three close the string, and up to two more before them are text.
    private mutating func quotesEnd(_ quote: UInt8, text: inout [UInt8]) throws(TOMLError) -> Bool {
        let start = position
        var run = 0
        while current == quote {
            run += 1
            advance()
        }
        guard run >= 3 else {
            text.append(contentsOf: repeatElement(quote, count: run))
            return false
        }
        guard run <= 5 else {
            throw start.error(
                "\(run) quotes in a row in a multi-line string; three end it, so escape one of them (\\\")")
        }
        text.append(contentsOf: repeatElement(quote, count: run - 3))
        return true
    }

    /// At a backslash in a multi-line basic string: when only spaces follow it
    /// on its line, skips it and every space and line break after it, and
    /// returns true (TOML's line-ending backslash); false otherwise.
    private mutating func skipLineEndingBackslash() throws(TOMLError) -> Bool {
        var ahead = 1
        while peek(ahead) == TOMLByte.space || peek(ahead) == TOMLByte.tab { ahead += 1 }
        guard
            peek(ahead) == TOMLByte.lineFeed
                || (peek(ahead) == TOMLByte.carriageReturn && peek(ahead + 1) == TOMLByte.lineFeed)
        else { return false }
        advance(ahead)
        repeat { skipSpaces() } while try takeNewline()
        return true
    }

    /// Takes the escape at the cursor (at its backslash) and adds the character it stands for.
    private mutating func escape(into text: inout [UInt8]) throws(TOMLError) {
        let start = position
        advance()
        let simple: UInt8? =
            switch current {
            case UInt8(ascii: "b"): 0x08
            case UInt8(ascii: "t"): TOMLByte.tab
            case UInt8(ascii: "n"): TOMLByte.lineFeed
            case UInt8(ascii: "f"): 0x0C
            case UInt8(ascii: "r"): TOMLByte.carriageReturn
            case TOMLByte.quote: TOMLByte.quote
            case TOMLByte.backslash: TOMLByte.backslash
            default: nil
            }
        if let simple {
            advance()
            text.append(simple)
            return
        }
        let width = current == UInt8(ascii: "u") ? 4 : current == UInt8(ascii: "U") ? 8 : 0
        guard width > 0 else {
            throw start.error(
                "an unknown escape: a backslash before \(found); a basic string takes \\b \\t \\n \\f \\r "
                    + "\\\" \\\\ \\uXXXX and \\UXXXXXXXX (write \\\\ for a backslash, or use a 'literal string')")
        }
        advance()
        var value: UInt32 = 0
        for _ in 0..<width {
            guard let byte = current, let digit = Self.hexDigit(byte) else {
                throw start.error(
                    "\\\(width == 4 ? "u" : "U") takes exactly \(width) hexadecimal digits; found \(found)")
            }
            value = value << 4 | digit
            advance()
        }
        guard let scalar = Unicode.Scalar(value) else {
            throw start.error("\(Self.codePoint(value)) is not a Unicode scalar value (a surrogate, or past U+10FFFF)")
        }
        UTF8.encode(scalar) { text.append($0) }
    }

    /// Takes one character of a string that needs no escape, after checking it:
    /// a control character other than a tab is refused, and bytes that are not UTF-8.
    private mutating func character(into text: inout [UInt8], literal: Bool) throws(TOMLError) {
        guard let byte = current else { return }
        if byte >= 0x80 {
            let start = offset
            _ = try scalar()
            text.append(contentsOf: bytes[start..<offset])
            return
        }
        guard byte == TOMLByte.tab || (byte >= 0x20 && byte != 0x7F) else {
            let fix =
                literal
                ? "use a \"basic string\" with \\u\(Self.codePoint(UInt32(byte)).dropFirst(2))"
                : "write it as \\u\(Self.codePoint(UInt32(byte)).dropFirst(2))"
            throw error("\(found) in a string; \(fix)")
        }
        text.append(byte)
        advance()
    }

    /// The value of a hexadecimal digit; nil for another byte.
    private static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }
}
