extension TOMLCursor {
    /// The bare value at the cursor: `true`, `false`, an integer, a float
    /// (`inf` and `nan` among them), a date, a time or a date-time.
    mutating func bareValue() throws(TOMLError) -> TOMLValue {
        let start = position
        let token = bareToken()
        guard !token.isEmpty else {
            throw error(
                "expected a value (a string in quotes, a number, true, false, an array or an inline table), "
                    + "found \(found)")
        }
        let text = String(decoding: token, as: UTF8.self)
        switch text {
        case "true": return .boolean(true)
        case "false": return .boolean(false)
        case "inf", "+inf": return .float(.infinity)
        case "-inf": return .float(-.infinity)
        case "nan", "+nan": return .float(.nan)
        case "-nan": return .float(-.nan)
        default: break
        }
        do {
            if Self.looksLikeDateOrTime(token) { return .dateTime(try TOMLDateTime(bytes: token)) }
            return try TOMLNumber.value(of: token)
        } catch {
            throw start.error(error.reason)
        }
    }

    /// Takes the bytes of a bare value: letters, digits, `_`, `+`, `-`, `.`
    /// and `:`; and a date-time's space (`1979-05-27 07:32:00`), which a
    /// date followed by a space and `HH:` holds.
    private mutating func bareToken() -> ArraySlice<UInt8> {
        let start = offset
        takeBareBytes()
        if offset - start == 10, Self.looksLikeDateOrTime(bytes[start..<offset]), current == TOMLByte.space,
            let first = peek(1), isASCIIDigit(first), let second = peek(2), isASCIIDigit(second),
            peek(3) == UInt8(ascii: ":")
        {
            advance()
            takeBareBytes()
        }
        return bytes[start..<offset]
    }

    private mutating func takeBareBytes() {
        while let byte = current,
            TOMLByte.isBareKey(byte) || byte == UInt8(ascii: "+") || byte == TOMLByte.dot
                || byte == UInt8(ascii: ":")
        {
            advance()
        }
    }

    /// Whether `token` starts as a date (`DDDD-`) or a time (`DD:`) does.
    private static func looksLikeDateOrTime(_ token: ArraySlice<UInt8>) -> Bool {
        let digits = token.prefix { isASCIIDigit($0) }.count
        let next = token.dropFirst(digits).first
        return (digits == 4 && next == UInt8(ascii: "-")) || (digits == 2 && next == UInt8(ascii: ":"))
    }
}
