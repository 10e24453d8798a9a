import RefocusCore

/// A JSON value of the status file, parsed straight from its bytes.
///
/// `refocus status` runs once a second under a status bar, so the status
/// file is read without `Any`: `JSONSerialization`'s objects cost the Swift
/// runtime a scan of every protocol conformance in the binary for each
/// first cast out of `Any` (2 million instructions, most of what the run
/// itself did), and `JSONDecoder` costs more (docs/testing.md, The status line). Whole numbers only (the status file has no others): a fraction or
/// an exponent, like anything that is not JSON, makes the file unreadable.
/// An object keeps its members in order, in an array: a `Dictionary` of
/// them would cost more in the runtime's set-up of its type (a search for
/// the key's `Hashable` conformance) than its few look-ups save.
enum StatusJSON: Equatable {
    case object([Member])
    case array([StatusJSON])
    case string(String)
    case integer(Int)
    case bool(Bool)
    case null

    /// One member of an object.
    struct Member: Equatable {
        let key: String
        let value: StatusJSON
    }

    /// Deeper nesting than this is refused (the status file nests three deep).
    static let maximumDepth = 32

    /// The one value `bytes` hold (spaces around it allowed), or nil.
    static func parse(_ bytes: [UInt8]) -> StatusJSON? {
        var parser = Parser(bytes: bytes)
        guard let value = parser.value(depth: 0) else { return nil }
        parser.skipSpaces()
        return parser.index == bytes.count ? value : nil
    }

    /// The member `key` of an object (the last, if repeated); nil for a
    /// missing key or a value that is no object.
    subscript(key: String) -> StatusJSON? {
        if case .object(let members) = self { return members.last { $0.key == key }?.value }
        return nil
    }

    /// The elements of an array.
    var array: [StatusJSON]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// The text of a string.
    var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The value of a whole number.
    var integer: Int? {
        if case .integer(let number) = self { return number }
        return nil
    }

    /// The value of `true` or `false`.
    var bool: Bool? {
        if case .bool(let flag) = self { return flag }
        return nil
    }

    /// A recursive descent over the bytes (RFC 8259).
    private struct Parser {
        let bytes: [UInt8]
        var index = 0

        mutating func skipSpaces() {
            while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
        }

        /// Consumes `literal` when the bytes continue with it.
        mutating func take(_ literal: StaticString) -> Bool {
            let count = literal.utf8CodeUnitCount
            guard bytes.count - index >= count else { return false }
            let matches = literal.withUTF8Buffer { bytes[index..<index + count].elementsEqual($0) }
            if matches { index += count }
            return matches
        }

        mutating func value(depth: Int) -> StatusJSON? {
            skipSpaces()
            guard index < bytes.count, depth < StatusJSON.maximumDepth else { return nil }
            switch bytes[index] {
            case UInt8(ascii: "{"): return object(depth: depth)
            case UInt8(ascii: "["): return array(depth: depth)
            case UInt8(ascii: "\""): return string().map(StatusJSON.string)
            case UInt8(ascii: "t"): return take("true") ? .bool(true) : nil
            case UInt8(ascii: "f"): return take("false") ? .bool(false) : nil
            case UInt8(ascii: "n"): return take("null") ? .null : nil
            default: return integer().map(StatusJSON.integer)
            }
        }

        mutating func object(depth: Int) -> StatusJSON? {
            index += 1
            var members: [Member] = []
            skipSpaces()
            if take("}") { return .object(members) }
            while true {
                skipSpaces()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let key = string() else { return nil }
                skipSpaces()
                guard take(":"), let value = value(depth: depth + 1) else { return nil }
                members.append(Member(key: key, value: value))
                skipSpaces()
                if take("}") { return .object(members) }
                guard take(",") else { return nil }
            }
        }

        mutating func array(depth: Int) -> StatusJSON? {
            index += 1
            var elements: [StatusJSON] = []
            skipSpaces()
            if take("]") { return .array(elements) }
            while true {
                guard let element = value(depth: depth + 1) else { return nil }
                elements.append(element)
                skipSpaces()
                if take("]") { return .array(elements) }
                guard take(",") else { return nil }
            }
        }

        /// `-?(0|[1-9][0-9]*)` that fits in an Int; a fraction or an exponent is refused.
        mutating func integer() -> Int? {
            let negative = take("-")
            let start = index
            var magnitude: Int = 0
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
                let digit = Int(bytes[index] - UInt8(ascii: "0"))
                let (times, overflowTimes) = magnitude.multipliedReportingOverflow(by: 10)
                let (sum, overflowSum) = times.addingReportingOverflow(negative ? -digit : digit)
                guard !overflowTimes, !overflowSum else { return nil }
                magnitude = sum
                index += 1
            }
            let digits = index - start
            guard digits > 0, digits == 1 || bytes[start] != UInt8(ascii: "0") else { return nil }
            if index < bytes.count, [UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E")].contains(bytes[index]) {
                return nil
            }
            return magnitude
        }

        /// A string from its opening quote: escapes decoded, UTF-8 checked, control characters refused.
        mutating func string() -> String? {
            index += 1
            var text: [UInt8] = []
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                switch byte {
                case UInt8(ascii: "\""):
                    return String(validating: text, as: UTF8.self)
                case UInt8(ascii: "\\"):
                    guard index < bytes.count else { return nil }
                    let escape = bytes[index]
                    index += 1
                    if escape == UInt8(ascii: "u") {
                        guard let scalar = unicodeEscape() else { return nil }
                        text.append(contentsOf: Array(String(Character(scalar)).utf8))
                    } else {
                        guard let byte = JSONString.unescaped(escape) else { return nil }
                        text.append(byte)
                    }
                case 0x00..<0x20: return nil
                default: text.append(byte)
                }
            }
            return nil
        }

        /// The scalar of `\uXXXX` (the `\u` consumed), joining a surrogate pair.
        mutating func unicodeEscape() -> Unicode.Scalar? {
            guard let high = hexQuad() else { return nil }
            guard (0xD800...0xDBFF).contains(high) else { return Unicode.Scalar(high) }
            guard take("\\u"), let low = hexQuad(), (0xDC00...0xDFFF).contains(low) else { return nil }
            return Unicode.Scalar(0x10000 + (high - 0xD800) << 10 + (low - 0xDC00))
        }

        mutating func hexQuad() -> UInt32? {
            guard bytes.count - index >= 4 else { return nil }
            var value: UInt32 = 0
            for _ in 0..<4 {
                guard let digit = Character(Unicode.Scalar(bytes[index])).hexDigitValue else { return nil }
                value = value << 4 | UInt32(digit)
                index += 1
            }
            return value
        }
    }
}
