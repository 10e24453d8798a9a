/// A block-list entry that names addresses rather than a domain: a single
/// IPv4 or IPv6 address, or a CIDR range such as `10.0.0.0/8`.
///
/// The address is always the network address (no host bits set), so equal
/// ranges are equal values. `first` and `last` give the inclusive bounds that
/// nftables interval sets need.
public struct AddressRange: Hashable, Sendable {
    /// The network address: the first address of the range.
    public let address: IPAddress
    /// How many leading bits are fixed: 1–32 for IPv4, 1–128 for IPv6.
    /// A single address has 32 or 128.
    public let prefixLength: Int

    /// A range holding only `address`.
    public init(_ address: IPAddress) {
        self.address = address
        self.prefixLength = address.bitWidth
    }

    /// A range of `prefixLength` leading bits of `address`, refused when the
    /// prefix length is out of range or `address` has host bits set.
    public init(address: IPAddress, prefixLength: Int) throws(AddressError) {
        try self.init(address: address, prefixLength: prefixLength, text: "\(address)/\(prefixLength)")
    }

    /// Parses an address (`192.0.2.1`, `2001:db8::1`) or a CIDR range
    /// (`10.0.0.0/8`, `2001:db8::/32`).
    ///
    /// The grammar is strict. IPv4 is exactly four decimal numbers 0–255
    /// without leading zeros. IPv6 is groups of 1–4 hex digits in any case,
    /// at most one `::`, and optionally a dotted IPv4 tail. Zone ids and
    /// brackets are refused. The prefix is decimal without leading zeros, at
    /// least 1, and the address must be the network address of its range.
    public init(parsing text: some StringProtocol) throws(AddressError) {
        let source = Substring(text)
        let whole = String(source)
        guard let slash = source.firstIndex(of: "/") else {
            self.init(try AddressParser.address(source, text: whole))
            return
        }
        let addressText = source[..<slash]
        guard !addressText.isEmpty else {
            throw .missingAddress(whole)
        }
        let address = try AddressParser.address(addressText, text: whole)
        let prefixText = source[source.index(after: slash)...]
        let prefix = try AddressParser.prefixLength(prefixText, text: whole, maximum: address.bitWidth)
        try self.init(address: address, prefixLength: prefix, text: whole)
    }

    private init(address: IPAddress, prefixLength: Int, text: String) throws(AddressError) {
        guard prefixLength != 0 else {
            throw .zeroPrefix(text)
        }
        guard prefixLength > 0 else {
            throw .badPrefix(text, prefix: String(prefixLength))
        }
        guard prefixLength <= address.bitWidth else {
            throw .prefixTooLong(text, prefix: String(prefixLength), maximum: address.bitWidth)
        }
        let network = address.settingHostBits(after: prefixLength, to: false)
        guard network == address else {
            throw .hostBitsSet(text, network: AddressRange(network: network, prefixLength: prefixLength))
        }
        self.init(network: network, prefixLength: prefixLength)
    }

    private init(network: IPAddress, prefixLength: Int) {
        self.address = network
        self.prefixLength = prefixLength
    }

    /// The first address of the range, inclusive (the network address).
    public var first: IPAddress { address }

    /// The last address of the range, inclusive (all host bits set).
    public var last: IPAddress { address.settingHostBits(after: prefixLength, to: true) }

    /// Whether the range holds exactly one address (prefix 32 or 128).
    public var isSingleAddress: Bool { prefixLength == address.bitWidth }

    /// Whether `text` should be treated as an attempt at an address rather
    /// than as a domain name: it contains `:`, or it holds only digits, dots
    /// and at most one `/`, with at least one dot. So `1.2.3` is an address
    /// attempt (which then fails with a clear error) and `example.com` is not.
    public static func looksLikeAddress(_ text: some StringProtocol) -> Bool {
        let bytes = text.utf8
        if bytes.contains(UInt8(ascii: ":")) {
            return true
        }
        var dots = 0
        var slashes = 0
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                continue
            case UInt8(ascii: "."):
                dots += 1
            case UInt8(ascii: "/"):
                slashes += 1
            default:
                return false
            }
        }
        return dots > 0 && slashes <= 1
    }
}

extension AddressRange: Comparable {
    /// Orders ranges by first address, then by prefix length (wider first).
    public static func < (lhs: AddressRange, rhs: AddressRange) -> Bool {
        (lhs.first, lhs.prefixLength) < (rhs.first, rhs.prefixLength)
    }
}

extension AddressRange: CustomStringConvertible {
    /// The canonical text: the address alone for a single address, otherwise
    /// `address/prefixLength`, such as `10.0.0.0/8` or `2001:db8::/32`.
    public var description: String {
        isSingleAddress ? address.description : "\(address)/\(prefixLength)"
    }
}
