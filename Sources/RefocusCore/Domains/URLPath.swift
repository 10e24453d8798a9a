/// The path part of a browser path entry, percent-encoded and normalised:
/// it starts with `/`, has no empty end (a trailing `/` is dropped: the entry
/// covers the path and everything below it), no `.` or `..` segment, no
/// query or fragment; unreserved characters are never escaped, every other
/// escape is in upper-case hex, and non-ASCII characters are escaped as UTF-8.
/// At most `maximumLength` bytes.
public struct URLPath: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The normalised text, such as `/r/all`.
    public let text: String

    /// The longest normalised path accepted, in bytes.
    public static let maximumLength = 1_000

    private init(text: String) {
        self.text = text
    }

    /// Normalises `raw` (from the `/` after the host to the end, without
    /// query or fragment); nil when it names the whole site (`/`, `/./`).
    /// `input` is the whole text, for messages.
    static func normalizing(_ raw: Substring, input: String) throws(EntryError) -> URLPath? {
        guard raw.utf8.count <= 3 * maximumLength else {
            throw .invalidPath(
                input: String(input.prefix(60)) + "…", reason: "the path is over \(maximumLength) bytes long")
        }
        var segments: [[UInt8]] = []
        var current: [UInt8] = []
        var scalars = raw.unicodeScalars.makeIterator()
        if raw.utf8.first == asciiByte("/") { _ = scalars.next() }
        func endSegment() {
            switch current {
            case [asciiByte(".")]: break
            case [asciiByte("."), asciiByte(".")]: if !segments.isEmpty { segments.removeLast() }
            default: segments.append(current)
            }
            current = []
        }
        while let scalar = scalars.next() {
            guard scalar.isASCII else {
                let category = scalar.properties.generalCategory
                if [
                    .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator, .unassigned, .privateUse,
                    .surrogate,
                ].contains(category) {
                    throw .invalidPath(input: input, reason: Self.spell(scalar) + " has no place in a path")
                }
                for byte in String(scalar).utf8 { current += Self.escaped(byte) }
                continue
            }
            let byte = UInt8(scalar.value)
            if byte == asciiByte("/") {
                endSegment()
            } else if byte == asciiByte("%") {
                guard let high = scalars.next().flatMap(Self.hexValue), let low = scalars.next().flatMap(Self.hexValue)
                else {
                    throw .invalidPath(
                        input: input, reason: "a '%' is not followed by two hex digits; write a '%' as %25")
                }
                let decoded = high << 4 | low
                current += Self.isUnreserved(decoded) ? [decoded] : Self.escaped(decoded)
            } else if Self.isUnreserved(byte) || Self.isAllowedRaw(byte) {
                current.append(byte)
            } else {
                throw .invalidPath(input: input, reason: Self.spell(scalar) + " must be percent-encoded in a path")
            }
        }
        endSegment()
        while segments.last?.isEmpty == true { segments.removeLast() }
        guard !segments.isEmpty else { return nil }
        let text = "/" + segments.map { String(decoding: $0, as: UTF8.self) }.joined(separator: "/")
        guard text.utf8.count <= maximumLength else {
            throw .invalidPath(
                input: String(input.prefix(60)) + "…",
                reason: "the path is \(text.utf8.count) bytes long; a path entry has at most \(maximumLength)")
        }
        return URLPath(text: text)
    }

    /// A path as ReFocus stored it: it must already be in normal form.
    public init(stored text: String) throws(EntryError) {
        guard text.utf8.first == asciiByte("/"), let path = try Self.normalizing(Substring(text), input: text),
            path.text == text
        else { throw .invalidPath(input: text, reason: "not a normalised path") }
        self = path
    }

    public var description: String { text }

    public static func < (lhs: URLPath, rhs: URLPath) -> Bool { lhs.text < rhs.text }

    /// RFC 3986's unreserved characters: letters, digits, `-._~`.
    private static func isUnreserved(_ byte: UInt8) -> Bool {
        isASCIILetter(byte) || isASCIIDigit(byte) || byte == asciiByte("-") || byte == asciiByte(".")
            || byte == asciiByte("_") || byte == asciiByte("~")
    }

    /// The other characters a path segment holds unescaped: sub-delimiters, `:` and `@`.
    private static func isAllowedRaw(_ byte: UInt8) -> Bool {
        "!$&'()*+,;=:@".utf8.contains(byte)
    }

    private static func escaped(_ byte: UInt8) -> [UInt8] {
        let digits = Array("0123456789ABCDEF".utf8)
        return [asciiByte("%"), digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]]
    }

    private static func hexValue(_ scalar: Unicode.Scalar) -> UInt8? {
        guard scalar.isASCII else { return nil }
        let byte = UInt8(scalar.value)
        if isASCIIDigit(byte) { return byte - asciiByte("0") }
        let lower = byte | 0x20
        if lower >= asciiByte("a"), lower <= asciiByte("f") { return lower - asciiByte("a") + 10 }
        return nil
    }

    private static func spell(_ scalar: Unicode.Scalar) -> String {
        if scalar == " " { return "a space" }
        let code = "U+" + String(scalar.value, radix: 16, uppercase: true)
        return scalar.properties.generalCategory == .control || !scalar.isASCII
            ? "the character \(code)" : "'\(scalar)'"
    }
}
