/// An IPv4 or IPv6 address, stored as plain integers so that it is cheap to
/// copy, hash and compare.
///
/// Block-list entries may name addresses; they later become nftables set
/// elements. `description` is the canonical text form: a dotted quad for
/// IPv4, RFC 5952 for IPv6.
public enum IPAddress: Hashable, Sendable {
    /// An IPv4 address as a 32-bit number; `192.0.2.1` is `0xC000_0201`.
    case v4(UInt32)
    /// An IPv6 address as two 64-bit halves; `high` holds the first eight bytes.
    case v6(high: UInt64, low: UInt64)

    /// Parses a single address, IPv4 or IPv6, in the strict grammar described
    /// on `AddressRange.init(parsing:)`; a `/prefix` is refused here.
    public init(parsing text: some StringProtocol) throws(AddressError) {
        let source = Substring(text)
        if source.contains("/") {
            throw .unexpectedPrefix(String(source))
        }
        self = try AddressParser.address(source, text: String(source))
    }

    /// Makes an address from bytes in network order: 4 bytes give an IPv4
    /// address, 16 give an IPv6 address, any other count gives `nil`.
    public init?(bytes: some Collection<UInt8>) {
        let array = Array(bytes)
        switch array.count {
        case 4:
            self = .v4(UInt32(Self.integer(fromBigEndian: array[0..<4])))
        case 16:
            self = .v6(
                high: Self.integer(fromBigEndian: array[0..<8]),
                low: Self.integer(fromBigEndian: array[8..<16])
            )
        default:
            return nil
        }
    }

    /// The number of bits in the address: 32 for IPv4, 128 for IPv6.
    public var bitWidth: Int {
        switch self {
        case .v4: 32
        case .v6: 128
        }
    }

    /// The address in network byte order: 4 bytes for IPv4, 16 for IPv6.
    public var bytes: [UInt8] {
        switch self {
        case .v4(let value):
            Self.bigEndianBytes(of: UInt64(value), count: 4)
        case .v6(let high, let low):
            Self.bigEndianBytes(of: high, count: 8) + Self.bigEndianBytes(of: low, count: 8)
        }
    }

    /// This address with every bit after the first `prefixLength` bits set
    /// (`true`) or cleared (`false`). `prefixLength` must be in `0...bitWidth`.
    func settingHostBits(after prefixLength: Int, to value: Bool) -> IPAddress {
        precondition((0...bitWidth).contains(prefixLength), "prefix length out of range")
        switch self {
        case .v4(let bits):
            // `>>` is a smart shift: shifting by 32 gives 0.
            let host = UInt32.max >> prefixLength
            return .v4(value ? bits | host : bits & ~host)
        case .v6(let high, let low):
            let hostHigh: UInt64 = prefixLength >= 64 ? 0 : UInt64.max >> prefixLength
            let hostLow: UInt64 = prefixLength <= 64 ? UInt64.max : UInt64.max >> (prefixLength - 64)
            return value
                ? .v6(high: high | hostHigh, low: low | hostLow)
                : .v6(high: high & ~hostHigh, low: low & ~hostLow)
        }
    }

    private static func integer(fromBigEndian bytes: ArraySlice<UInt8>) -> UInt64 {
        bytes.reduce(0) { ($0 << 8) | UInt64($1) }
    }

    private static func bigEndianBytes(of value: UInt64, count: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: value >> (8 * (count - 1 - $0))) }
    }
}

extension IPAddress: Comparable {
    /// Orders every IPv4 address before every IPv6 address, and addresses of
    /// one family numerically.
    public static func < (lhs: IPAddress, rhs: IPAddress) -> Bool {
        switch (lhs, rhs) {
        case let (.v4(left), .v4(right)):
            left < right
        case (.v4, .v6):
            true
        case (.v6, .v4):
            false
        case let (.v6(leftHigh, leftLow), .v6(rightHigh, rightLow)):
            (leftHigh, leftLow) < (rightHigh, rightLow)
        }
    }
}

extension IPAddress: CustomStringConvertible {
    /// The canonical text form: `192.0.2.1`; `2001:db8::1` per RFC 5952, with
    /// IPv4-mapped addresses written as `::ffff:192.0.2.1`.
    public var description: String {
        switch self {
        case .v4(let value):
            return Self.dottedQuad(value)
        case .v6(let high, let low):
            if high == 0 && low >> 32 == 0xffff {
                return "::ffff:" + Self.dottedQuad(UInt32(truncatingIfNeeded: low))
            }
            let groups = Self.bigEndianBytes(of: high, count: 8) + Self.bigEndianBytes(of: low, count: 8)
            return Self.compressedHex(groupsOf: groups)
        }
    }

    private static func dottedQuad(_ value: UInt32) -> String {
        bigEndianBytes(of: UInt64(value), count: 4).map { String($0) }.joined(separator: ".")
    }

    /// RFC 5952 section 4: lower-case hex without leading zeros, the longest
    /// run of two or more zero groups (the first on ties) replaced by `::`.
    private static func compressedHex(groupsOf bytes: [UInt8]) -> String {
        let groups = stride(from: 0, to: bytes.count, by: 2).map {
            UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1])
        }
        let hex = { (group: UInt16) in String(group, radix: 16) }
        guard let run = longestZeroRun(in: groups) else {
            return groups.map(hex).joined(separator: ":")
        }
        let head = groups[..<run.lowerBound].map(hex).joined(separator: ":")
        let tail = groups[run.upperBound...].map(hex).joined(separator: ":")
        return head + "::" + tail
    }

    /// The first longest run of at least two zero groups, if any.
    private static func longestZeroRun(in groups: [UInt16]) -> Range<Int>? {
        var best: Range<Int>?
        var runStart: Int?
        for index in 0...groups.count {
            if index < groups.count && groups[index] == 0 {
                runStart = runStart ?? index
                continue
            }
            if let start = runStart {
                let run = start..<index
                if run.count >= 2 && run.count > (best?.count ?? 0) {
                    best = run
                }
                runStart = nil
            }
        }
        return best
    }
}
