/// A place in a TOML document's bytes, with the reading of its smallest
/// parts: spaces, line breaks (LF or CRLF), comments, UTF-8, and what to
/// call a byte in a message. Every step moves forward, so a reading built
/// on it ends.
struct TOMLCursor {
    /// The document.
    let bytes: [UInt8]
    /// The next byte to read.
    private(set) var offset = 0
    /// The line of `offset`, from 1.
    private(set) var line = 1
    /// Where that line starts.
    private var lineStart = 0

    /// At the start of `bytes`, past a UTF-8 byte-order mark if it has one.
    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            offset = 3
            lineStart = 3
        }
    }

    /// The byte at the cursor; nil at the end.
    var current: UInt8? { offset < bytes.count ? bytes[offset] : nil }

    /// The byte `distance` bytes ahead; nil past the end.
    func peek(_ distance: Int) -> UInt8? { offset + distance < bytes.count ? bytes[offset + distance] : nil }

    /// Where the cursor is.
    var position: TOMLPosition { TOMLPosition(line: line, column: offset - lineStart + 1) }

    /// An error at the cursor.
    func error(_ reason: String) -> TOMLError { position.error(reason) }

    /// Steps over `count` bytes of the current line (never a line break).
    mutating func advance(_ count: Int = 1) { offset = min(offset + count, bytes.count) }

    /// Whether `quote` is here three times (a multi-line string's delimiter).
    func isAtTriple(_ quote: UInt8) -> Bool { current == quote && peek(1) == quote && peek(2) == quote }

    /// Steps over spaces and tabs.
    mutating func skipSpaces() {
        while offset < bytes.count, bytes[offset] == TOMLByte.space || bytes[offset] == TOMLByte.tab { offset += 1 }
    }

    /// Takes the line break at the cursor (LF or CRLF); false when there is none.
    /// Throws at a carriage return without a line feed, which TOML refuses.
    mutating func takeNewline() throws(TOMLError) -> Bool {
        switch current {
        case TOMLByte.lineFeed: offset += 1
        case TOMLByte.carriageReturn:
            guard peek(1) == TOMLByte.lineFeed else {
                throw error("a carriage return (\\r) without a line feed after it; end lines with \\n or \\r\\n")
            }
            offset += 2
        default: return false
        }
        line += 1
        lineStart = offset
        return true
    }

    /// Steps over the comment at the cursor (at its `#`), up to its line break.
    /// Throws at a control character other than a tab, and at bytes that are not UTF-8.
    mutating func skipComment() throws(TOMLError) {
        offset += 1
        while let byte = current, byte != TOMLByte.lineFeed, byte != TOMLByte.carriageReturn {
            if byte >= 0x80 {
                _ = try scalar()
                continue
            }
            guard byte == TOMLByte.tab || (byte >= 0x20 && byte != 0x7F) else {
                throw error("\(found) in a comment; remove it")
            }
            offset += 1
        }
    }

    /// Steps over spaces, line breaks and comments (between an array's elements).
    mutating func skipBlank() throws(TOMLError) {
        while true {
            skipSpaces()
            if current == TOMLByte.hash { try skipComment() }
            guard try takeNewline() else { return }
        }
    }

    /// Ends a line after `what` (a value, a header): spaces, a comment, then a line break or the end.
    mutating func finishLine(after what: @autoclosure () -> String) throws(TOMLError) {
        skipSpaces()
        if current == TOMLByte.hash { try skipComment() }
        if current != nil, try !takeNewline() {
            throw error("expected the end of the line after \(what()), found \(found)")
        }
    }

    /// Takes the Unicode scalar whose UTF-8 starts at the cursor; throws for bytes that are not UTF-8.
    mutating func scalar() throws(TOMLError) -> Unicode.Scalar {
        guard let (scalar, length) = Self.decode(bytes, at: offset) else {
            throw error("bytes that are not UTF-8 text; save the file as UTF-8")
        }
        offset += length
        return scalar
    }

    /// The scalar that the UTF-8 at `offset` encodes and its length in bytes; nil for
    /// bytes that are not UTF-8 (a stray continuation byte, an overlong form, a
    /// surrogate, past U+10FFFF, cut short).
    static func decode(_ bytes: [UInt8], at offset: Int) -> (Unicode.Scalar, Int)? {
        guard offset < bytes.count else { return nil }
        let lead = bytes[offset]
        var value: UInt32
        let length: Int
        let minimum: UInt32
        switch lead {
        case 0..<0x80: return (Unicode.Scalar(lead), 1)
        case 0xC2...0xDF: (value, length, minimum) = (UInt32(lead & 0x1F), 2, 0x80)
        case 0xE0...0xEF: (value, length, minimum) = (UInt32(lead & 0x0F), 3, 0x800)
        case 0xF0...0xF4: (value, length, minimum) = (UInt32(lead & 0x07), 4, 0x10000)
        default: return nil
        }
        guard bytes.count - offset >= length else { return nil }
        for next in bytes[(offset + 1)..<(offset + length)] {
            guard next & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt32(next & 0x3F)
        }
        guard value >= minimum, let scalar = Unicode.Scalar(value) else { return nil }
        return (scalar, length)
    }

    /// What is at the cursor, for a message: "'=' ", "the end of the line", "a NUL byte".
    var found: String {
        guard let byte = current else { return "the end of the file" }
        switch byte {
        case TOMLByte.lineFeed: return "the end of the line"
        case TOMLByte.carriageReturn:
            return peek(1) == TOMLByte.lineFeed ? "the end of the line" : "a carriage return (\\r)"
        case 0: return "a NUL byte"
        case TOMLByte.tab: return "a tab"
        case TOMLByte.space: return "a space"
        case 0..<0x20, 0x7F: return "a control character (\(Self.codePoint(UInt32(byte))))"
        case 0x21..<0x7F: return "'\(Character(Unicode.Scalar(byte)))'"
        default:
            guard let (scalar, _) = Self.decode(bytes, at: offset) else { return "bytes that are not UTF-8 text" }
            return "'\(Character(scalar))' (\(Self.codePoint(scalar.value)))"
        }
    }

    /// `U+00E9`: a code point as Unicode writes it.
    static func codePoint(_ value: UInt32) -> String {
        let hex = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}

/// The bytes TOML's grammar names.
enum TOMLByte {
    static let tab = UInt8(ascii: "\t")
    static let lineFeed = UInt8(ascii: "\n")
    static let carriageReturn = UInt8(ascii: "\r")
    static let space = UInt8(ascii: " ")
    static let quote = UInt8(ascii: "\"")
    static let apostrophe = UInt8(ascii: "'")
    static let hash = UInt8(ascii: "#")
    static let comma = UInt8(ascii: ",")
    static let dot = UInt8(ascii: ".")
    static let equals = UInt8(ascii: "=")
    static let backslash = UInt8(ascii: "\\")
    static let openBracket = UInt8(ascii: "[")
    static let closeBracket = UInt8(ascii: "]")
    static let openBrace = UInt8(ascii: "{")
    static let closeBrace = UInt8(ascii: "}")

    /// Whether `byte` may stand in a bare key: A-Z, a-z, 0-9, `_` and `-`.
    static func isBareKey(_ byte: UInt8) -> Bool {
        isASCIILetter(byte) || isASCIIDigit(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
    }
}
