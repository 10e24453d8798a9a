/// One family's addresses to block, split by the kind of nftables set that
/// holds them best: single addresses for a plain set (a hash table in the
/// kernel, fast to fill), wider ranges for an interval set.
///
/// Made from the merged intervals of `AddressIntervals`, so the two parts
/// never overlap or touch: a single address inside or next to a range has
/// already joined it, and neighbouring single addresses form a range.
public struct SinglesAndRanges: Equatable, Sendable {
    /// The intervals of exactly one address, ascending.
    public let singles: [IPAddress]
    /// The intervals of two or more addresses, ascending; no two overlap or
    /// touch, and none touches a single address.
    public let ranges: [ClosedRange<IPAddress>]

    /// Splits `intervals`, which must be sorted, disjoint and non-adjacent
    /// (one family of `AddressIntervals`).
    init(merged intervals: [ClosedRange<IPAddress>]) {
        var singles: [IPAddress] = []
        var ranges: [ClosedRange<IPAddress>] = []
        singles.reserveCapacity(intervals.count)
        for interval in intervals {
            if interval.lowerBound == interval.upperBound {
                singles.append(interval.lowerBound)
            } else {
                ranges.append(interval)
            }
        }
        self.singles = singles
        self.ranges = ranges
    }

    /// Whether there is neither a single address nor a range.
    public var isEmpty: Bool { singles.isEmpty && ranges.isEmpty }
}

extension AddressIntervals {
    /// The IPv4 intervals split into single addresses and ranges.
    public var ipv4Split: SinglesAndRanges { SinglesAndRanges(merged: ipv4) }

    /// The IPv6 intervals split into single addresses and ranges.
    public var ipv6Split: SinglesAndRanges { SinglesAndRanges(merged: ipv6) }
}
