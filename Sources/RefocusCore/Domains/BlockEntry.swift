/// One entry of a block list: a domain (blocked through /etc/hosts and the
/// firewall) or an address or CIDR range (blocked by the firewall only).
public enum BlockEntry: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// A domain such as `reddit.com`.
    case domain(DomainName)
    /// An address or range such as `192.0.2.1` or `2001:db8::/32`.
    case address(AddressRange)

    /// Parses what a user typed or pasted: a domain, an address, a CIDR
    /// range, or a URL around one of them
    /// (`https://user@Old.Reddit.com:443/r/x?y` gives `old.reddit.com`).
    public init(parsing input: some StringProtocol) throws(EntryError) {
        self = try EntryText(input).entry()
    }

    /// An entry as ReFocus stored it, in canonical text: an address or range
    /// parsed as usual, a domain checked for its syntax only
    /// (`DomainName(stored:)`), not against the public suffix list, which
    /// may have changed since it was accepted. For the session store.
    public init(stored text: String) throws {
        if AddressRange.looksLikeAddress(text) {
            self = .address(try AddressRange(parsing: text))
        } else {
            self = .domain(try DomainName(stored: text))
        }
    }

    /// The canonical text, as stored in a list file.
    public var description: String {
        switch self {
        case .domain(let name): name.ascii
        case .address(let range): range.description
        }
    }

    /// The domain, when this entry is one.
    public var domain: DomainName? {
        if case .domain(let name) = self { return name }
        return nil
    }

    /// The address range, when this entry is one.
    public var addressRange: AddressRange? {
        if case .address(let range) = self { return range }
        return nil
    }

    /// Domains first in alphabetical order, then addresses in numeric order.
    public static func < (lhs: BlockEntry, rhs: BlockEntry) -> Bool {
        switch (lhs, rhs) {
        case let (.domain(a), .domain(b)): a < b
        case let (.address(a), .address(b)): a < b
        case (.domain, .address): true
        case (.address, .domain): false
        }
    }
}

extension BlockEntry: Codable {
    /// Decodes the canonical text and validates it again: a request that
    /// carries an invalid entry fails to decode.
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        self = try BlockEntry(parsing: text)
    }

    /// Encodes the canonical text.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
