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
        if name.hasSuffix(".") && !name.hasSuffix("..") { name.removeLast() }
        guard !name.isEmpty else { throw .empty }
        if name.hasPrefix("*.") { throw .wildcard(name: name, suggestion: String(name.dropFirst(2))) }

        let needsIDNA = !name.utf8.allSatisfy { $0 < 0x80 }
            || name.split(separator: ".").contains { $0.lowercased().hasPrefix("xn--") }
        if needsIDNA {
            switch IDNA.toASCII(name) {
            case .success(let ascii): name = ascii
            case .failure(let failure): throw .internationalName(name: name, reason: failure.reason)
            }
        }
        name = name.lowercased()
        try Self.checkSyntax(name, as: String(input))
        guard let suffixes = PublicSuffixList.shared else { throw .suffixListUnavailable }
        if suffixes.isPublicSuffix(name) { throw .publicSuffix(name: name) }
        ascii = name
    }

    /// The labels from left to right: `["www", "example", "com"]`.
    public var labels: [Substring] { ascii.split(separator: ".") }

    public var description: String { ascii }

    public static func < (lhs: DomainName, rhs: DomainName) -> Bool { lhs.ascii < rhs.ascii }

    /// Checks lengths, label syntax and the top-level label of a lower-case ASCII name.
    private static func checkSyntax(_ name: String, as typed: String) throws(EntryError) {
        if let bad = name.first(where: { !isHostCharacter($0) }) {
            throw .invalidCharacter(name: typed, character: bad)
        }
        if name.utf8.count > maximumLength { throw .nameTooLong(name: name, length: name.utf8.count) }
        let labels = name.split(separator: ".", omittingEmptySubsequences: false)
        for label in labels {
            if label.isEmpty { throw .emptyLabel(name: typed) }
            if label.utf8.count > maximumLabelLength {
                throw .labelTooLong(name: name, label: String(label), length: label.utf8.count)
            }
            if label.hasPrefix("-") || label.hasSuffix("-") {
                throw .hyphenAtLabelEdge(name: name, label: String(label))
            }
        }
        guard let last = labels.last, labels.count > 1 else { throw .singleLabel(name: name) }
        if last.allSatisfy(\.isASCIIDigit) { throw .numericTopLevel(name: name) }
        if last.contains("_") { throw .invalidCharacter(name: typed, character: "_") }
    }

    /// Letters, digits, hyphen, dot, and the underscore that real host names use.
    private static func isHostCharacter(_ character: Character) -> Bool {
        switch character {
        case "a"..."z", "0"..."9", "-", ".", "_": true
        default: false
        }
    }
}

extension Character {
    /// Whether this is one of the ASCII digits 0–9.
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
