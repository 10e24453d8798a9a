/// One entry of a block list: a domain (blocked through /etc/hosts and the
/// firewall), a path of a site (blocked by browsers only) or an address or
/// CIDR range (blocked by the firewall only).
public enum BlockEntry: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// A domain such as `reddit.com`.
    case domain(DomainName)
    /// A path of a site such as `youtube.com/shorts`, blocked in browsers only.
    case path(BrowserPath)
    /// An address or range such as `192.0.2.1` or `2001:db8::/32`.
    case address(AddressRange)

    /// Parses what a user typed or pasted: a domain, a path entry
    /// (`youtube.com/shorts`: no scheme, a path, no query or fragment), an
    /// address, a CIDR range, or a URL around a host
    /// (`https://user@Old.Reddit.com:443/r/x?y` gives `old.reddit.com`;
    /// with `keepingURLPath`, `old.reddit.com/r/x`, the query dropped).
    /// A path of `/` alone gives the domain.
    public init(parsing input: some StringProtocol, keepingURLPath: Bool = false) throws(EntryError) {
        self = try EntryText(input).entry(keepingURLPath: keepingURLPath)
    }

    /// An entry as ReFocus stored it, in canonical text: an address or range
    /// parsed as usual, a domain checked for its syntax only
    /// (`DomainName(stored:)`), not against the public suffix list, which
    /// may have changed since it was accepted. For the session store.
    /// Whether it is an address or range is told by the text before its
    /// first `/`: a path may hold a `:` (`en.wikipedia.org/wiki/Special:Random`).
    public init(stored text: String) throws {
        let slash = text.utf8.firstIndex(of: asciiByte("/"))
        if AddressRange.looksLikeAddress(text[..<(slash ?? text.endIndex)]) {
            self = .address(try AddressRange(parsing: text))
        } else if let slash {
            self = .path(
                BrowserPath(
                    host: try DomainName(stored: String(text[..<slash])),
                    path: try URLPath(stored: String(text[slash...]))))
        } else {
            self = .domain(try DomainName(stored: text))
        }
    }

    /// The canonical text, as stored in a list file.
    public var description: String {
        switch self {
        case .domain(let name): name.ascii
        case .path(let path): path.description
        case .address(let range): range.description
        }
    }

    /// The domain, when this entry is one.
    public var domain: DomainName? {
        if case .domain(let name) = self { return name }
        return nil
    }

    /// The browser path, when this entry is one.
    public var browserPath: BrowserPath? {
        if case .path(let path) = self { return path }
        return nil
    }

    /// The address range, when this entry is one.
    public var addressRange: AddressRange? {
        if case .address(let range) = self { return range }
        return nil
    }

    /// Domains first in alphabetical order, then paths by host and path,
    /// then addresses in numeric order.
    public static func < (lhs: BlockEntry, rhs: BlockEntry) -> Bool {
        switch (lhs, rhs) {
        case let (.domain(a), .domain(b)): a < b
        case let (.path(a), .path(b)): a < b
        case let (.address(a), .address(b)): a < b
        default: lhs.kindOrder < rhs.kindOrder
        }
    }

    private var kindOrder: Int {
        switch self {
        case .domain: 0
        case .path: 1
        case .address: 2
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
