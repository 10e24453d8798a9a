/// Refuses a JSON document in which an object names the same key twice, or
/// that nests deeper than `maximumDepth`: Foundation's `JSONDecoder` keeps
/// the first of two equal keys silently, so the helper runs this on a
/// request's bytes before decoding them.
///
/// A complete JSON tokenizer (RFC 8259): strings with every escape,
/// `\uXXXX` included, surrogate pairs joined; numbers, literals and white
/// space by the grammar. Keys are compared after unescaping, as `String`s
/// (canonically equivalent keys are equal, as they are to the decoder), so
/// `{"a":1,"\u0061":2}` is a duplicate. One pass: time linear in the
/// document's size, memory in its keys; the scanner's recursion follows the
/// nesting, so the depth cap bounds it too.
public enum DuplicateKeyCheck {
    /// The deepest nesting of objects and arrays accepted.
    public static let maximumDepth = 64

    /// What is wrong with a document.
    public enum Problem: Error, Equatable, Sendable, CustomStringConvertible {
        /// `key` appears twice in the object at `path` (`""` for the top level).
        case duplicateKey(String, path: String)
        /// An object or array at `path` nests deeper than `maximumDepth`.
        case tooDeep(path: String)
        /// Not JSON: the byte `offset` (from 0) and why.
        case malformed(offset: Int, reason: String)

        /// One line naming the key or place, and the fix.
        public var description: String {
            switch self {
            case let .duplicateKey(key, path):
                "the key '\(key)' appears twice in \(path.isEmpty ? "the top-level object" : "the object at \(path)");"
                    + " give each key once"
            case let .tooDeep(path):
                "\(path.isEmpty ? "the document" : path) nests deeper than \(maximumDepth) levels"
            case let .malformed(offset, reason):
                "not JSON at byte \(offset): \(reason)"
            }
        }
    }

    /// Throws the first problem of `bytes`, read as one JSON document.
    public static func check(_ bytes: [UInt8]) throws(Problem) {
        var scanner = Scanner(bytes)
        try scanner.document()
    }
}

/// The tokenizer behind `DuplicateKeyCheck`: a cursor and a stack of the open containers.
private struct Scanner {
    /// An open object (with the keys seen so far and the last one) or array (with the index of its current element).
    struct Container {
        let isObject: Bool
        var keys: Set<String> = []
        var key = ""
        var index = 0
    }

    let bytes: [UInt8]
    var offset = 0
    var open: [Container] = []

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// One value, then nothing but white space.
    mutating func document() throws(DuplicateKeyCheck.Problem) {
        try value()
        // Only the kind of the innermost container: a copy of it would share its
        // key set, and every insert would then copy the set (quadratic time).
        while let isObject = open.last?.isObject {
            let kind = isObject ? "object" : "array"
            skipSpace()
            let byte = try next("',' or the end of the \(kind)")
            switch (byte, isObject) {
            case (UInt8(ascii: ","), true):
                try member()
            case (UInt8(ascii: ","), false):
                open[open.count - 1].index += 1
                try value()
            case (UInt8(ascii: "}"), true), (UInt8(ascii: "]"), false):
                open.removeLast()
            default:
                throw fail(offset - 1, "expected ',' or the end of the \(kind)")
            }
        }
        skipSpace()
        if offset < bytes.count { throw fail(offset, "more after the end of the document") }
    }

    /// A value; an object or array is opened and its first member read (the loop in `document` reads the rest).
    private mutating func value() throws(DuplicateKeyCheck.Problem) {
        skipSpace()
        let start = offset
        let byte = try next("a value")
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            let isObject = byte == UInt8(ascii: "{")
            try push(isObject: isObject, at: start)
            skipSpace()
            if peek == UInt8(ascii: isObject ? "}" : "]") {
                offset += 1
                open.removeLast()
            } else if isObject {
                try member()
            } else {
                try value()
            }
        case UInt8(ascii: "\""):
            _ = try string(keeping: false)
        case UInt8(ascii: "t"): try literal("true", at: start)
        case UInt8(ascii: "f"): try literal("false", at: start)
        case UInt8(ascii: "n"): try literal("null", at: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            offset = start
            try number()
        default:
            throw fail(start, "expected a value")
        }
    }

    /// `"key": value` in the innermost object, refusing a key it already has.
    private mutating func member() throws(DuplicateKeyCheck.Problem) {
        skipSpace()
        let start = offset
        guard try next("a key") == UInt8(ascii: "\"") else { throw fail(start, "expected a key in quotes") }
        let key = try string(keeping: true)
        let index = open.count - 1
        guard open[index].keys.insert(key).inserted else {
            throw .duplicateKey(key, path: path(through: index, includingLast: false))
        }
        open[index].key = key
        skipSpace()
        guard try next("':'") == UInt8(ascii: ":") else { throw fail(offset - 1, "expected ':' after the key") }
        try value()
    }

    private mutating func push(isObject: Bool, at start: Int) throws(DuplicateKeyCheck.Problem) {
        guard open.count < DuplicateKeyCheck.maximumDepth else {
            throw .tooDeep(path: path(through: open.count - 1, includingLast: true))
        }
        open.append(Container(isObject: isObject))
    }

    /// The rest of a string after its opening quote; its unescaped text when `keeping`.
    private mutating func string(keeping: Bool) throws(DuplicateKeyCheck.Problem) -> String {
        let start = offset - 1
        var text: [UInt8] = []
        while true {
            let byte = try next("the closing quote of the string that starts at byte \(start)")
            switch byte {
            case UInt8(ascii: "\""):
                guard keeping else { return "" }
                guard let string = String(validating: text, as: UTF8.self) else { throw fail(start, "the key is not UTF-8") }
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
    private mutating func unicodeEscape() throws(DuplicateKeyCheck.Problem) -> [UInt8] {
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

    private mutating func hex4() throws(DuplicateKeyCheck.Problem) -> UInt32 {
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
    private mutating func number() throws(DuplicateKeyCheck.Problem) {
        let start = offset
        if peek == UInt8(ascii: "-") { offset += 1 }
        if peek == UInt8(ascii: "0") {
            offset += 1
        } else if try digits() == 0 {
            throw fail(start, "a number needs a digit")
        }
        if peek == UInt8(ascii: ".") {
            offset += 1
            if try digits() == 0 { throw fail(start, "a number needs a digit after '.'") }
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            offset += 1
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { offset += 1 }
            if try digits() == 0 { throw fail(start, "a number needs a digit in its exponent") }
        }
    }

    private mutating func digits() throws(DuplicateKeyCheck.Problem) -> Int {
        let start = offset
        while let byte = peek, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { offset += 1 }
        return offset - start
    }

    private mutating func literal(_ word: String, at start: Int) throws(DuplicateKeyCheck.Problem) {
        let expected = Array(word.utf8)
        guard bytes.count - start >= expected.count, bytes[start..<start + expected.count].elementsEqual(expected) else {
            throw fail(start, "expected a value")
        }
        offset = start + expected.count
    }

    /// The path of the container at `index`: `start.lists[0]`; with `includingLast`, its current member too.
    private func path(through index: Int, includingLast: Bool) -> String {
        var path = ""
        for (depth, container) in open.enumerated() where depth <= index {
            guard depth < index || includingLast else { break }
            if container.isObject {
                path += (path.isEmpty ? "" : ".") + container.key
            } else {
                path += "[\(container.index)]"
            }
        }
        return path
    }

    private var peek: UInt8? { offset < bytes.count ? bytes[offset] : nil }

    private var next2: (UInt8, UInt8)? {
        offset + 1 < bytes.count ? (bytes[offset], bytes[offset + 1]) : nil
    }

    private mutating func next(_ wanted: @autoclosure () -> String) throws(DuplicateKeyCheck.Problem) -> UInt8 {
        guard offset < bytes.count else { throw fail(offset, "the document ends where \(wanted()) should be") }
        defer { offset += 1 }
        return bytes[offset]
    }

    private mutating func skipSpace() {
        while let byte = peek, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { offset += 1 }
    }

    private func fail(_ at: Int, _ reason: String) -> DuplicateKeyCheck.Problem {
        .malformed(offset: at, reason: reason)
    }
}
