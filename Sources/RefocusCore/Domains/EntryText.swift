/// Peels what a pasted URL wraps around a host: white space, a scheme,
/// credentials, a port, a path, a query and a fragment; then decides whether
/// the rest is an address or a domain name.
struct EntryText {
    private let input: String

    init(_ input: some StringProtocol) {
        self.input = String(input)
    }

    /// The entry the text names.
    ///
    /// Scans UTF-8 bytes: every delimiter it looks for is ASCII, and
    /// Character-level indexing would dominate the cost of an import.
    func entry(keepingURLPath: Bool = false) throws(EntryError) -> BlockEntry {
        // A plain name (`DomainName.isPlain`) has nothing to peel and is no address: the name alone decides.
        if DomainName.isPlain(input) { return .domain(try DomainName(plain: input)) }
        let trimmed = input.trimmingASCIIWhitespace()
        guard !trimmed.isEmpty else { throw .empty }

        var rest = trimmed
        let hasScheme = try stripScheme(&rest)
        // A bare address or CIDR range is taken whole, slash and all: 10.0.0.0/8.
        if !hasScheme, rest.utf8.first != asciiByte("["), Self.isAddressAttempt(rest) { return try address(rest) }

        let end =
            rest.utf8.firstIndex { $0 == asciiByte("/") || $0 == asciiByte("?") || $0 == asciiByte("#") }
            ?? rest.endIndex
        let authority = rest[..<end]
        var host =
            authority.utf8.lastIndex(of: asciiByte("@")).map { authority[authority.utf8.index(after: $0)...] }
            ?? authority
        if host.utf8.first == asciiByte("[") { return try bracketedAddress(host) }
        if Self.isAddressAttempt(host) { return try address(host) }
        if let colon = host.utf8.firstIndex(of: asciiByte(":")) {
            try checkPort(host[host.utf8.index(after: colon)...])
            host = host[..<colon]
        }
        if Self.isAddressAttempt(host) { return try address(host) }
        let name = try DomainName(validating: host)
        guard rest[end...].utf8.first == asciiByte("/"), !hasScheme || keepingURLPath else { return .domain(name) }
        let after = rest[end...]
        let pathEnd = after.utf8.firstIndex { $0 == asciiByte("?") || $0 == asciiByte("#") } ?? after.endIndex
        guard let path = try URLPath.normalizing(after[..<pathEnd], input: input) else { return .domain(name) }
        if !hasScheme, pathEnd != after.endIndex {
            throw .invalidPath(input: input, reason: "a path entry has no query or fragment (write \(name)\(path))")
        }
        return .path(BrowserPath(host: name, path: path))
    }

    /// Removes `scheme://` when present; says whether it was.
    private func stripScheme(_ rest: inout Substring) throws(EntryError) -> Bool {
        let bytes = rest.utf8
        guard let colon = bytes.firstIndex(of: asciiByte(":")) else { return false }
        let afterColon = bytes[colon...].dropFirst()
        guard afterColon.starts(with: [asciiByte("/"), asciiByte("/")]) else { return false }
        let scheme = bytes[..<colon]
        // A "://" after a path or query (…/redirect?u=https://x) is not a scheme.
        if scheme.contains(where: { $0 == asciiByte("/") || $0 == asciiByte("?") || $0 == asciiByte("#") }) {
            return false
        }
        let valid =
            scheme.first.map(isASCIILetter) == true
            && scheme.allSatisfy {
                isASCIILetter($0) || isASCIIDigit($0) || $0 == asciiByte("+") || $0 == asciiByte("-")
                    || $0 == asciiByte(".")
            }
        guard valid else { throw .invalidScheme(input: input) }
        rest = rest[afterColon.dropFirst(2).startIndex...]
        return true
    }

    /// `[2001:db8::1]` or `[2001:db8::1]:443`.
    private func bracketedAddress(_ host: Substring) throws(EntryError) -> BlockEntry {
        guard let close = host.utf8.firstIndex(of: asciiByte("]")) else {
            throw .unclosedBracket(input: input)
        }
        let after = host[host.utf8.index(after: close)...]
        if !after.isEmpty {
            guard after.utf8.first == asciiByte(":") else { throw .invalidPort(input: input, port: String(after)) }
            try checkPort(after[after.utf8.index(after: after.startIndex)...])
        }
        return try address(host[host.utf8.index(after: host.startIndex)..<close])
    }

    /// Whether the text must be an address: two colons or more with only hex
    /// digits, dots and slashes besides (IPv6, up to a `%` zone id), or only
    /// digits, dots and slashes with a dot (IPv4, even a broken one such as
    /// `1.2.3`, which then fails with the reason).
    static func isAddressAttempt(_ text: Substring) -> Bool {
        var colons = 0
        var dots = 0
        var onlyDecimal = true
        var onlyHex = true
        for byte in text.utf8 {
            if byte == asciiByte("%") { break }
            switch byte {
            case asciiByte(":"): colons += 1; onlyDecimal = false
            case asciiByte("."): dots += 1
            case asciiByte("/"), asciiByte("0")...asciiByte("9"): break
            case asciiByte("a")...asciiByte("f"), asciiByte("A")...asciiByte("F"): onlyDecimal = false
            default: onlyDecimal = false; onlyHex = false
            }
        }
        return (colons >= 2 && onlyHex) || (dots > 0 && onlyDecimal)
    }

    private func address(_ text: Substring) throws(EntryError) -> BlockEntry {
        do {
            return .address(try AddressRange(parsing: text))
        } catch {
            throw .address(error)
        }
    }

    private func checkPort(_ port: Substring) throws(EntryError) {
        guard !port.isEmpty, port.utf8.count <= 5, port.utf8.allSatisfy(isASCIIDigit),
            let number = Int(port), (1...65535).contains(number)
        else { throw .invalidPort(input: input, port: String(port)) }
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces, tabs, CR and LF.
    package func trimmingASCIIWhitespace() -> Substring {
        let text = Substring(self)
        let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D || $0 == 0x0A }
        guard let first = text.utf8.firstIndex(where: { !isSpace($0) }),
            let last = text.utf8.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return text[first...last]
    }

    /// The text without leading and trailing white space (Unicode's, line breaks included).
    package func trimmingWhitespace() -> Substring {
        let text = Substring(self)
        guard let first = text.firstIndex(where: { !$0.isWhitespace }),
            let last = text.lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return text[first...last]
    }
}

/// The byte of an ASCII character literal.
@inline(__always)
func asciiByte(_ character: Unicode.Scalar) -> UInt8 { UInt8(ascii: character) }

/// Whether a byte is an ASCII letter.
@inline(__always)
func isASCIILetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= asciiByte("a") && (byte | 0x20) <= asciiByte("z") }

/// Whether a byte is an ASCII digit.
@inline(__always)
func isASCIIDigit(_ byte: UInt8) -> Bool { byte >= asciiByte("0") && byte <= asciiByte("9") }
