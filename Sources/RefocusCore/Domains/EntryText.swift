/// Peels what a pasted URL wraps around a host: white space, a scheme,
/// credentials, a port, a path, a query and a fragment; then decides whether
/// the rest is an address or a domain name.
struct EntryText {
    private let input: String

    init(_ input: some StringProtocol) {
        self.input = String(input)
    }

    /// The entry the text names.
    func entry() throws(EntryError) -> BlockEntry {
        let trimmed = input.trimmingASCIIWhitespace()
        guard !trimmed.isEmpty else { throw .empty }

        var rest = Substring(trimmed)
        let hasScheme = try stripScheme(&rest)
        // A bare address or CIDR range is taken whole, slash and all: 10.0.0.0/8.
        if !hasScheme, !rest.hasPrefix("["), Self.isAddressAttempt(rest) { return try address(rest) }

        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        var host = authority.lastIndex(of: "@").map { authority[authority.index(after: $0)...] } ?? authority
        if host.hasPrefix("[") { return try bracketedAddress(host) }
        if Self.isAddressAttempt(host) { return try address(host) }
        if let colon = host.firstIndex(of: ":") {
            try checkPort(host[host.index(after: colon)...])
            host = host[..<colon]
        }
        if Self.isAddressAttempt(host) { return try address(host) }
        return .domain(try DomainName(validating: host))
    }

    /// Removes `scheme://` when present; says whether it was.
    private func stripScheme(_ rest: inout Substring) throws(EntryError) -> Bool {
        guard let range = rest.firstRange(of: "://") else { return false }
        let scheme = rest[..<range.lowerBound]
        let valid = scheme.first?.isLetter == true
            && scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
        guard valid else { throw .invalidScheme(input: input) }
        rest = rest[range.upperBound...]
        return true
    }

    /// `[2001:db8::1]` or `[2001:db8::1]:443`.
    private func bracketedAddress(_ host: Substring) throws(EntryError) -> BlockEntry {
        guard let close = host.firstIndex(of: "]") else {
            throw .unclosedBracket(input: input)
        }
        let after = host[host.index(after: close)...]
        if !after.isEmpty {
            guard after.first == ":" else { throw .invalidPort(input: input, port: String(after)) }
            try checkPort(after.dropFirst())
        }
        return try address(host[host.index(after: host.startIndex)..<close])
    }

    /// Whether the text must be an address: two colons or more (IPv6), or
    /// only digits, dots and slashes with a dot (IPv4, even a broken one such
    /// as `1.2.3`, which then fails with the reason).
    static func isAddressAttempt(_ text: Substring) -> Bool {
        if text.count(where: { $0 == ":" }) >= 2 { return true }
        return text.contains(".") && text.allSatisfy { $0.isASCIIDigit || $0 == "." || $0 == "/" }
    }

    private func address(_ text: Substring) throws(EntryError) -> BlockEntry {
        do {
            return .address(try AddressRange(parsing: text))
        } catch {
            throw .address(error)
        }
    }

    private func checkPort(_ port: Substring) throws(EntryError) {
        guard !port.isEmpty, port.count <= 5, port.allSatisfy(\.isASCIIDigit),
              let number = Int(port), (1...65535).contains(number)
        else { throw .invalidPort(input: input, port: String(port)) }
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces, tabs, CR and LF.
    func trimmingASCIIWhitespace() -> Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" || $0 == "\r\n" }
        let text = Substring(self)
        guard let first = text.firstIndex(where: { !isSpace($0) }),
              let last = text.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return text[first...last]
    }
}
