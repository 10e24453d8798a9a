extension AddressIntervals {
    /// These intervals without every address of `other`: what the firewall
    /// may block once the addresses that must never be blocked are taken out.
    public func subtracting(_ other: AddressIntervals) -> AddressIntervals {
        AddressIntervals(merged: Self.subtract(ipv4, other.ipv4), Self.subtract(ipv6, other.ipv6))
    }

    /// Whether any address of `range` is in these intervals.
    public func overlaps(_ range: AddressRange) -> Bool {
        let intervals = range.first.isIPv4 ? ipv4 : ipv6
        return intervals.contains { $0.lowerBound <= range.last && range.first <= $0.upperBound }
    }

    /// The intervals of one family holding more than 2^(bit width - `prefixLength`)
    /// addresses: wider than one CIDR block of that prefix length.
    public func wider(thanPrefix prefixLength: Int, ipv6 family: Bool) -> [ClosedRange<IPAddress>] {
        (family ? ipv6 : ipv4).filter { Self.count($0, exceedsPowerOfTwo: (family ? 128 : 32) - prefixLength) }
    }

    /// Whether `interval` holds more than 2^`exponent` addresses.
    static func count(_ interval: ClosedRange<IPAddress>, exceedsPowerOfTwo exponent: Int) -> Bool {
        // The interval holds (upper - lower) + 1 addresses: more than 2^e when upper - lower >= 2^e.
        let (high, low) = interval.upperBound.offset(from: interval.lowerBound)
        if exponent >= 128 { return false }
        if exponent >= 64 { return high >= UInt64(1) << (exponent - 64) }
        return high > 0 || low >= UInt64(1) << exponent
    }

    /// `intervals` less `removed`, both sorted, disjoint and non-adjacent.
    private static func subtract(
        _ intervals: [ClosedRange<IPAddress>],
        _ removed: [ClosedRange<IPAddress>]
    ) -> [ClosedRange<IPAddress>] {
        guard !removed.isEmpty else { return intervals }
        var result: [ClosedRange<IPAddress>] = []
        result.reserveCapacity(intervals.count)
        var next = 0
        for interval in intervals {
            var lower: IPAddress? = interval.lowerBound
            // Skip removals wholly before this interval; they are before every later one too.
            while next < removed.count, removed[next].upperBound < interval.lowerBound { next += 1 }
            var index = next
            while let start = lower, index < removed.count, removed[index].lowerBound <= interval.upperBound {
                let cut = removed[index]
                if let before = cut.lowerBound.predecessor, start <= before, cut.lowerBound > start {
                    result.append(start...min(before, interval.upperBound))
                }
                lower = cut.upperBound < interval.upperBound ? cut.upperBound.successor.map { max($0, start) } : nil
                index += 1
            }
            if let start = lower { result.append(start...interval.upperBound) }
        }
        return result
    }
}

extension IPAddress {
    /// The previous address of the same family, or `nil` for the family's
    /// first address (`0.0.0.0`, `::`).
    public var predecessor: IPAddress? {
        switch self {
        case .v4(let value):
            value == 0 ? nil : .v4(value - 1)
        case .v6(let high, let low):
            if low != 0 {
                .v6(high: high, low: low - 1)
            } else if high != 0 {
                .v6(high: high - 1, low: .max)
            } else {
                nil
            }
        }
    }

    /// This address minus `other` (of the same family, not greater), as a
    /// 128-bit number in two halves.
    func offset(from other: IPAddress) -> (high: UInt64, low: UInt64) {
        switch (self, other) {
        case let (.v4(a), .v4(b)):
            return (0, UInt64(a &- b))
        case let (.v6(ah, al), .v6(bh, bl)):
            let (low, borrow) = al.subtractingReportingOverflow(bl)
            return (ah &- bh &- (borrow ? 1 : 0), low)
        default:
            return (0, 0)
        }
    }
}
