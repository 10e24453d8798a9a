/// The addresses to block, per family, as sorted, disjoint, non-adjacent
/// closed intervals: the shape that kernel interval sets accept.
///
/// nftables interval sets refuse overlapping elements, so ranges that overlap,
/// contain one another or merely touch (`10.0.0.0/25` and `10.0.0.128/25`)
/// are merged into one interval. Equal inputs in any order give equal values.
public struct AddressIntervals: Equatable, Sendable {
    /// The IPv4 intervals, ascending; no two overlap or touch.
    public let ipv4: [ClosedRange<IPAddress>]
    /// The IPv6 intervals, ascending; no two overlap or touch.
    public let ipv6: [ClosedRange<IPAddress>]

    /// Merges `ranges` (in any order, with duplicates) into per-family intervals.
    public init(_ ranges: some Sequence<AddressRange>) {
        var ipv4: [ClosedRange<IPAddress>] = []
        var ipv6: [ClosedRange<IPAddress>] = []
        for range in ranges {
            if range.first.isIPv4 {
                ipv4.append(range.first...range.last)
            } else {
                ipv6.append(range.first...range.last)
            }
        }
        self.ipv4 = Self.merged(ipv4)
        self.ipv6 = Self.merged(ipv6)
    }

    /// Intervals already sorted, disjoint and non-adjacent, per family.
    init(merged ipv4: [ClosedRange<IPAddress>], _ ipv6: [ClosedRange<IPAddress>]) {
        self.ipv4 = ipv4
        self.ipv6 = ipv6
    }

    /// Every address of these intervals and of `other`.
    public func union(_ other: AddressIntervals) -> AddressIntervals {
        AddressIntervals(merged: Self.merged(ipv4 + other.ipv4), Self.merged(ipv6 + other.ipv6))
    }

    /// No intervals at all: nothing to block.
    public static let empty = AddressIntervals([])

    /// Whether there is no address to block in either family.
    public var isEmpty: Bool { ipv4.isEmpty && ipv6.isEmpty }

    /// The number of intervals, both families together.
    public var count: Int { ipv4.count + ipv6.count }

    /// Sorts `intervals` of one family and merges those that overlap or touch.
    private static func merged(_ intervals: [ClosedRange<IPAddress>]) -> [ClosedRange<IPAddress>] {
        let sorted = intervals.sorted { $0.lowerBound < $1.lowerBound }
        var result: [ClosedRange<IPAddress>] = []
        result.reserveCapacity(sorted.count)
        for interval in sorted {
            guard let previous = result.last else {
                result.append(interval)
                continue
            }
            // `nil` successor: the previous interval already reaches the family's last address.
            guard let next = previous.upperBound.successor else { continue }
            if interval.lowerBound <= next {
                result[result.count - 1] = previous.lowerBound...max(previous.upperBound, interval.upperBound)
            } else {
                result.append(interval)
            }
        }
        return result
    }
}
