/// The strict text grammar of IP addresses and prefix lengths, shared by
/// `IPAddress.init(parsing:)` and `AddressRange.init(parsing:)`.
///
/// Every function takes the piece of text to parse plus the whole input,
/// `text`, which errors quote so that the message names what the user wrote.
enum AddressParser {
    /// Parses a bare IPv4 or IPv6 address (no prefix, no brackets, no zone).
    static func address(_ source: Substring, text: String) throws(AddressError) -> IPAddress {
        guard !source.isEmpty else {
            throw .empty
        }
        if let percent = source.firstIndex(of: "%") {
            throw .zoneID(text, zone: String(source[percent...]))
        }
        if source.contains(":") {
            return try ipv6(source, text: text)
        }
        return .v4(try ipv4(source, text: text))
    }

    /// Parses a prefix length: decimal, no leading zeros, at most `maximum`.
    /// A zero prefix is refused by `AddressRange`, which checks every range.
    static func prefixLength(_ source: Substring, text: String, maximum: Int) throws(AddressError) -> Int {
        let digits = source.utf8
        guard !digits.isEmpty, digits.allSatisfy(isDecimalDigit),
            digits.count == 1 || digits.first != UInt8(ascii: "0")
        else {
            throw .badPrefix(text, prefix: String(source))
        }
        guard digits.count <= 3, let value = Int(source), value <= maximum else {
            throw .prefixTooLong(text, prefix: String(source), maximum: maximum)
        }
        return value
    }

    /// Exactly four decimal numbers 0–255 without leading zeros, joined by dots.
    private static func ipv4(_ source: Substring, text: String) throws(AddressError) -> UInt32 {
        let parts = source.split(separator: ".", omittingEmptySubsequences: false)
        var value: UInt32 = 0
        for part in parts {
            value = value << 8 | UInt32(try ipv4Part(part, text: text))
        }
        guard parts.count >= 4 else {
            throw .tooFewIPv4Parts(text, count: parts.count)
        }
        guard parts.count == 4 else {
            throw .tooManyIPv4Parts(text, count: parts.count)
        }
        return value
    }

    private static func ipv4Part(_ part: Substring, text: String) throws(AddressError) -> UInt8 {
        let digits = part.utf8
        guard !digits.isEmpty, digits.allSatisfy(isDecimalDigit) else {
            throw .badIPv4Part(text, part: String(part))
        }
        guard digits.count == 1 || digits.first != UInt8(ascii: "0") else {
            throw .ipv4LeadingZero(text, part: String(part))
        }
        guard digits.count <= 3, let number = Int(part), let byte = UInt8(exactly: number) else {
            throw .badIPv4Part(text, part: String(part))
        }
        return byte
    }

    /// Groups of 1–4 hex digits joined by `:`, at most one `::` standing for
    /// one or more zero groups, and optionally a dotted IPv4 tail.
    private static func ipv6(_ source: Substring, text: String) throws(AddressError) -> IPAddress {
        let groups: [UInt16]
        if let gap = source.firstRange(of: "::") {
            let tailText = source[gap.upperBound...]
            if tailText.contains("::") {
                throw .multipleDoubleColons(text)
            }
            let head = try hexGroups(source[..<gap.lowerBound], allowsIPv4Tail: false, text: text)
            let tail = try hexGroups(tailText, allowsIPv4Tail: true, text: text)
            let count = head.count + tail.count
            guard count <= 7 else {
                throw .tooManyGroupsToCompress(text, count: count)
            }
            groups = head + Array(repeating: 0, count: 8 - count) + tail
        } else {
            groups = try hexGroups(source, allowsIPv4Tail: true, text: text)
            guard groups.count == 8 else {
                throw .wrongGroupCount(text, count: groups.count)
            }
        }
        let half = { (range: Range<Int>) in groups[range].reduce(0) { ($0 << 16) | UInt64($1) } }
        return .v6(high: half(0..<4), low: half(4..<8))
    }

    /// The groups of one side of `::` (or of an uncompressed address). An
    /// empty side has no groups; an IPv4 tail counts as two groups.
    private static func hexGroups(
        _ source: Substring, allowsIPv4Tail: Bool, text: String
    ) throws(AddressError) -> [UInt16] {
        guard !source.isEmpty else {
            return []
        }
        let pieces = source.split(separator: ":", omittingEmptySubsequences: false)
        var groups: [UInt16] = []
        for (index, piece) in pieces.enumerated() {
            if allowsIPv4Tail && index == pieces.count - 1 && piece.contains(".") {
                let embedded = try ipv4(piece, text: text)
                groups.append(UInt16(truncatingIfNeeded: embedded >> 16))
                groups.append(UInt16(truncatingIfNeeded: embedded))
            } else {
                groups.append(try hexGroup(piece, text: text))
            }
        }
        return groups
    }

    private static func hexGroup(_ piece: Substring, text: String) throws(AddressError) -> UInt16 {
        guard (1...4).contains(piece.utf8.count), piece.utf8.allSatisfy(isHexDigit),
            let value = UInt16(piece, radix: 16)
        else {
            throw .badIPv6Group(text, group: String(piece))
        }
        return value
    }

    private static func isDecimalDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        isDecimalDigit(byte)
            || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
    }
}
