/// A blockable domain name in its canonical form: lower-case ASCII (IDNs as
/// A-labels), no trailing dot, valid labels, not a public suffix.
///
/// `init(validating:)` takes a bare host name; `BlockEntry(parsing:)` first
/// strips what a pasted URL adds around it.
public struct DomainName: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The canonical ASCII form, such as `xn--bcher-kva.de`.
    public let ascii: String

    /// The longest name DNS allows, in ASCII form without the trailing dot.
    public static let maximumLength = 253
    /// The longest label DNS allows.
    public static let maximumLabelLength = 63

    /// Validates and canonicalises a bare host name such as `Bücher.DE.`.
    ///
    /// Throws `EntryError` naming the first problem found.
    public init(validating input: some StringProtocol) throws(EntryError) {
        var name = String(input)
        if Self.isPlain(name) {
            self = try DomainName(plain: name)
            return
        }
        if name.utf8.last == asciiByte("."), name.utf8.dropLast().last != asciiByte(".") { name.removeLast() }
        guard !name.isEmpty else { throw .empty }
        if name.hasPrefix("*.") { throw .wildcard(name: name, suggestion: String(name.dropFirst(2))) }

        let needsIDNA = !name.utf8.allSatisfy { $0 < 0x80 } || Self.hasALabel(name)
        if needsIDNA {
            switch IDNA.toASCII(name) {
            case .success(let ascii): name = ascii
            case .failure(let failure): throw .internationalName(name: name, reason: failure.reason)
            }
        }
        let bytes = name.utf8.map { isASCIILetter($0) ? $0 | 0x20 : $0 }
        name = String(decoding: bytes, as: UTF8.self)
        try Self.checkSyntax(bytes, name: name, as: String(input))
        guard let suffixes = PublicSuffixList.shared else { throw .suffixListUnavailable }
        if suffixes.isPublicSuffix(name) { throw .publicSuffix(name: name) }
        ascii = name
    }

    /// A name that `isPlain` accepted: already canonical (no dot to drop,
    /// no IDNA, nothing to lower), so only the checks of `init(validating:)`
    /// that can refuse it: its syntax and the public suffix list.
    init(plain name: String) throws(EntryError) {
        var bytes = name
        let failure: EntryError? = bytes.withUTF8 { bytes in
            do throws(EntryError) {
                try Self.checkSyntax(bytes, name: name, as: name)
                return nil
            } catch {
                return error
            }
        }
        if let failure { throw failure }
        guard let suffixes = PublicSuffixList.shared else { throw .suffixListUnavailable }
        if suffixes.isPublicSuffix(name) { throw .publicSuffix(name: name) }
        ascii = name
    }

    /// A name as ReFocus stored it, already canonical: its syntax is
    /// checked (so that nothing but a host name reaches /etc/hosts), but not
    /// against the public suffix list or IDNA rules, which a distribution
    /// update may change after the name was accepted. For the session store,
    /// whose rows were validated when they were written.
    public init(stored text: String) throws(EntryError) {
        guard !text.isEmpty else { throw .empty }
        // Lower-case ASCII only: anything else is refused as a bad character.
        try Self.checkSyntax(Array(text.utf8), name: text, as: text)
        ascii = text
    }

    /// The labels from left to right: `["www", "example", "com"]`.
    public var labels: [Substring] { ascii.split(separator: ".") }

    public var description: String { ascii }

    public static func < (lhs: DomainName, rhs: DomainName) -> Bool { lhs.ascii < rhs.ascii }

    /// Whether `text` is a name that `init(validating:)` would take as it
    /// is: only lower-case letters, digits, `-`, `_` and `.`, not only
    /// digits and dots (an address), not ending with a dot, and no A-label
    /// for libidn2 as `hasALabel` finds them.
    static func isPlain(_ text: String) -> Bool {
        var text = text
        // (plain, has an x): without an `x`, `hasALabel` finds nothing.
        let (plain, hasX) = text.withUTF8 { bytes in
            guard let last = bytes.last, last != asciiByte(".") else { return (false, false) }
            var onlyDigitsAndDots = true
            var hasX = false
            for byte in bytes {
                switch byte {
                case asciiByte("a")...asciiByte("z"), asciiByte("-"), asciiByte("_"):
                    onlyDigitsAndDots = false
                    hasX = hasX || byte == asciiByte("x")
                case asciiByte("0")...asciiByte("9"), asciiByte("."): break
                default: return (false, false)
                }
            }
            return (!onlyDigitsAndDots, hasX)
        }
        return plain && !(hasX && hasALabel(text))
    }

    /// Whether any label starts with `xn--` (any case): an A-label that libidn2 must check.
    private static func hasALabel(_ name: String) -> Bool {
        var labelStart = true
        var bytes = name.utf8.makeIterator()
        while let byte = bytes.next() {
            if labelStart, byte | 0x20 == asciiByte("x") {
                let rest = [bytes.next(), bytes.next(), bytes.next()]
                if rest[0].map({ $0 | 0x20 }) == asciiByte("n"), rest[1] == asciiByte("-"), rest[2] == asciiByte("-") {
                    return true
                }
                labelStart = rest.contains(asciiByte("."))
                continue
            }
            labelStart = byte == asciiByte(".")
        }
        return false
    }

    /// Checks lengths, label syntax and the top-level label of a lower-case
    /// ASCII name in one pass over its bytes; messages are built only on failure.
    private static func checkSyntax<Bytes: RandomAccessCollection<UInt8>>(
        _ bytes: Bytes, name: String, as typed: String
    ) throws(EntryError) where Bytes.Index == Int {
        if let bad = bytes.firstIndex(where: { !isHostByte($0) }) {
            let character =
                name.utf8.index(name.utf8.startIndex, offsetBy: bad, limitedBy: name.utf8.endIndex)
                .map { name[$0] } ?? "?"
            throw .invalidCharacter(name: typed, character: character)
        }
        if bytes.count > maximumLength { throw .nameTooLong(name: name, length: bytes.count) }
        var labelStart = 0
        var labelCount = 0
        for index in 0...bytes.count where index == bytes.count || bytes[index] == asciiByte(".") {
            let label = bytes[labelStart..<index]
            let text = { String(decoding: label, as: UTF8.self) }
            if label.isEmpty { throw .emptyLabel(name: typed) }
            if label.count > maximumLabelLength { throw .labelTooLong(name: name, label: text(), length: label.count) }
            if label.first == asciiByte("-") || label.last == asciiByte("-") {
                throw .hyphenAtLabelEdge(name: name, label: text())
            }
            labelCount += 1
            if index == bytes.count {
                if labelCount == 1 { throw .singleLabel(name: name) }
                if label.allSatisfy(isASCIIDigit) { throw .numericTopLevel(name: name) }
                if label.contains(asciiByte("_")) { throw .invalidCharacter(name: typed, character: "_") }
            }
            labelStart = index + 1
        }
    }

    /// Letters, digits, hyphen, dot, and the underscore that real host names use.
    private static func isHostByte(_ byte: UInt8) -> Bool {
        (byte >= asciiByte("a") && byte <= asciiByte("z")) || isASCIIDigit(byte)
            || byte == asciiByte("-") || byte == asciiByte(".") || byte == asciiByte("_")
    }
}
