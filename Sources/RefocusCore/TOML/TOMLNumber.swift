/// Reads TOML's integers and floats from a bare value's bytes: decimal
/// integers with an optional sign and no leading zero, `0x`, `0o` and `0b`
/// integers without a sign, floats with a fraction, an exponent or both;
/// an underscore only between two digits. Integers must fit 64 bits.
enum TOMLNumber {
    /// The integer or float that `token` spells.
    static func value(of token: ArraySlice<UInt8>) throws(TOMLProblem) -> TOMLValue {
        let text = TOMLProblem.excerpt(token)
        var index = token.startIndex
        var negative = false
        if let sign = token.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
            negative = sign == UInt8(ascii: "-")
            index += 1
        }
        let unsignedStart = index
        if index + 1 < token.endIndex, token[index] == UInt8(ascii: "0"), let radix = radix(token[index + 1]) {
            guard index == token.startIndex else {
                throw TOMLProblem(reason: "'\(text)': a hexadecimal, octal or binary integer takes no sign")
            }
            index += 2
            return .integer(try integer(token, from: index, radix: radix, negative: false, text: text))
        }
        guard index < token.endIndex, isASCIIDigit(token[index]) else { throw notAValue(text) }
        let integerDigits = try digits(token, from: &index, radix: 10, text: text)
        guard integerDigits.count == 1 || integerDigits.first != 0 else {
            throw TOMLProblem(reason: "'\(text)': a number does not start with a zero (leading zeros are not allowed)")
        }
        var isFloat = false
        if index < token.endIndex, token[index] == TOMLByte.dot {
            index += 1
            guard try !digits(token, from: &index, radix: 10, text: text).isEmpty else {
                throw TOMLProblem(reason: "'\(text)': a decimal point needs digits on both sides")
            }
            isFloat = true
        }
        if index < token.endIndex, token[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < token.endIndex, token[index] == UInt8(ascii: "+") || token[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard try !digits(token, from: &index, radix: 10, text: text).isEmpty else {
                throw TOMLProblem(reason: "'\(text)': an exponent needs digits, such as 1e6 or 2.5E-3")
            }
            isFloat = true
        }
        guard index == token.endIndex else { throw notAValue(text) }
        guard isFloat else {
            return .integer(try integer(token, from: unsignedStart, radix: 10, negative: negative, text: text))
        }
        guard let number = Double(String(decoding: token.filter { $0 != UInt8(ascii: "_") }, as: UTF8.self)) else {
            throw notAValue(text)
        }
        return .float(number)
    }

    /// The radix a prefix letter after `0` names (`x`, `o`, `b`); nil for another byte.
    private static func radix(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "x"): 16
        case UInt8(ascii: "o"): 8
        case UInt8(ascii: "b"): 2
        default: nil
        }
    }

    /// The integer whose digits (with underscores) run from `start` to the end of `token`.
    private static func integer(
        _ token: ArraySlice<UInt8>, from start: Int, radix: Int, negative: Bool,
        text: String
    ) throws(TOMLProblem) -> Int64 {
        var index = start
        let values = try digits(token, from: &index, radix: radix, text: text)
        guard !values.isEmpty, index == token.endIndex else { throw notAValue(text) }
        var number: Int64 = 0
        for value in values {
            let (shifted, overflow) = number.multipliedReportingOverflow(by: Int64(radix))
            // Negative numbers are built downwards, so that -9223372036854775808 fits.
            let (next, carry) =
                negative
                ? shifted.subtractingReportingOverflow(Int64(value))
                : shifted.addingReportingOverflow(Int64(value))
            guard !overflow, !carry else {
                throw TOMLProblem(
                    reason: "'\(text)' does not fit a 64-bit integer (-9223372036854775808 to 9223372036854775807)")
            }
            number = next
        }
        return number
    }

    /// The values of the digits of `radix` from `index` on, taking single
    /// underscores between them; none when no digit is there. Throws at an
    /// underscore that does not stand between two digits.
    private static func digits(
        _ token: ArraySlice<UInt8>, from index: inout Int, radix: Int,
        text: String
    ) throws(TOMLProblem) -> [UInt8] {
        var values: [UInt8] = []
        while index < token.endIndex {
            let byte = token[index]
            if byte == UInt8(ascii: "_") {
                guard !values.isEmpty, index + 1 < token.endIndex, digit(token[index + 1], radix: radix) != nil else {
                    throw TOMLProblem(reason: "'\(text)': an underscore in a number must stand between two digits")
                }
                index += 1
                continue
            }
            guard let value = digit(byte, radix: radix) else { break }
            values.append(value)
            index += 1
        }
        return values
    }

    /// The value of `byte` as a digit of `radix`; nil when it is none.
    private static func digit(_ byte: UInt8, radix: Int) -> UInt8? {
        let value: UInt8
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): value = byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): value = byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): value = byte - UInt8(ascii: "A") + 10
        default: return nil
        }
        return Int(value) < radix ? value : nil
    }

    /// Why a bare word is no value.
    private static func notAValue(_ text: String) -> TOMLProblem {
        TOMLProblem(
            reason: "'\(text)' is not a value TOML knows: write a string in quotes (\"\(text)\"), a number, "
                + "true or false")
    }
}
