/// The tokens of `JSONScanner`: strings and their escapes, numbers, and the cursor's moves.
extension JSONScanner {
    /// The rest of a string after its opening quote; its unescaped text when `keeping` (checked to be UTF-8).
    /// Most strings have no escape: their text is then a slice of the document, copied once into
    /// the `String`, and one that is all ASCII needs no UTF-8 check.
    mutating func string(keeping: Bool, isKey: Bool = false) throws(JSONReader.Problem) -> String {
        let start = offset - 1
        var isASCII = true
        while true {
            let byte = try next("the closing quote of the string that starts at byte \(start)")
            switch byte {
            case UInt8(ascii: "\""):
                guard keeping else { return "" }
                let text = bytes[start + 1..<offset - 1]
                if isASCII { return String(decoding: text, as: UTF8.self) }
                guard let string = String(validating: text, as: UTF8.self) else {
                    throw fail(start, isKey ? "the key is not UTF-8" : "the string is not UTF-8")
                }
                return string
            case UInt8(ascii: "\\"):
                offset -= 1
                return try escapedString(from: start, keeping: keeping, isKey: isKey)
            case 0..<0x20:
                throw fail(offset - 1, "a control character in a string must be escaped")
            case 0x80...:
                isASCII = false
            default:
                break
            }
        }
    }

    /// The rest of the string that starts at `start`, from its first escape (at `offset`) on.
    private mutating func escapedString(from start: Int, keeping: Bool, isKey: Bool) throws(JSONReader.Problem)
        -> String
    {
        var text: [UInt8] = keeping ? Array(bytes[start + 1..<offset]) : []
        while true {
            let byte = try next("the closing quote of the string that starts at byte \(start)")
            switch byte {
            case UInt8(ascii: "\""):
                guard keeping else { return "" }
                guard let string = String(validating: text, as: UTF8.self) else {
                    throw fail(start, isKey ? "the key is not UTF-8" : "the string is not UTF-8")
                }
                return string
            case UInt8(ascii: "\\"):
                let escape = try next("an escape")
                if escape == UInt8(ascii: "u") {
                    text.append(contentsOf: try unicodeEscape())
                } else if let byte = JSONString.unescaped(escape) {
                    text.append(byte)
                } else {
                    throw fail(offset - 1, "'\\\(Character(Unicode.Scalar(escape)))' is not an escape")
                }
            case 0..<0x20:
                throw fail(offset - 1, "a control character in a string must be escaped")
            default:
                if keeping { text.append(byte) }
            }
        }
    }

    /// The UTF-8 of `\uXXXX` (after the `u`), joining a surrogate pair.
    private mutating func unicodeEscape() throws(JSONReader.Problem) -> [UInt8] {
        let start = offset - 2
        let first = try hex4()
        var scalar = first
        if (0xD800...0xDBFF).contains(first) {
            guard let pair = next2, pair == (UInt8(ascii: "\\"), UInt8(ascii: "u")) else {
                throw fail(start, "a high surrogate \\u\(String(first, radix: 16)) without its low surrogate")
            }
            offset += 2
            let second = try hex4()
            guard (0xDC00...0xDFFF).contains(second) else {
                throw fail(start, "a high surrogate \\u\(String(first, radix: 16)) without its low surrogate")
            }
            scalar = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
        } else if (0xDC00...0xDFFF).contains(first) {
            throw fail(start, "a low surrogate \\u\(String(first, radix: 16)) without its high surrogate")
        }
        guard let character = Unicode.Scalar(scalar) else { throw fail(start, "not a Unicode scalar") }
        return Array(String(Character(character)).utf8)
    }

    private mutating func hex4() throws(JSONReader.Problem) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = try next("four hexadecimal digits")
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw fail(offset - 1, "expected four hexadecimal digits after \\u")
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`
    mutating func number() throws(JSONReader.Problem) {
        let start = offset
        if peek == UInt8(ascii: "-") { offset += 1 }
        if peek == UInt8(ascii: "0") {
            offset += 1
        } else if digits() == 0 {
            throw fail(start, "a number needs a digit")
        }
        if peek == UInt8(ascii: ".") {
            offset += 1
            if digits() == 0 { throw fail(start, "a number needs a digit after '.'") }
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            offset += 1
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { offset += 1 }
            if digits() == 0 { throw fail(start, "a number needs a digit in its exponent") }
        }
    }

    private mutating func digits() -> Int {
        let start = offset
        while let byte = peek, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { offset += 1 }
        return offset - start
    }

    var peek: UInt8? { offset < bytes.count ? bytes[offset] : nil }

    private var next2: (UInt8, UInt8)? {
        offset + 1 < bytes.count ? (bytes[offset], bytes[offset + 1]) : nil
    }

    mutating func next(_ wanted: @autoclosure () -> String) throws(JSONReader.Problem) -> UInt8 {
        guard offset < bytes.count else { throw fail(offset, "the document ends where \(wanted()) should be") }
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func skipSpace() {
        while let byte = peek, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { offset += 1 }
    }

    func fail(_ at: Int, _ reason: String) -> JSONReader.Problem {
        .malformed(offset: at, reason: reason)
    }
}
