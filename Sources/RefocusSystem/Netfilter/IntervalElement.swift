import RefocusCore

/// One element of an nftables interval set: an interval's first address,
/// or (`endsInterval`, NFT_SET_ELEM_INTERVAL_END) the first address after it.
///
/// `elements(of:family:)` encodes intervals the way nft 1.0.6 does: each
/// interval `first...last` is `first` and an end element at `last + 1`,
/// except that an interval reaching the family's last address has no end
/// element (it is open to the end); and when the first interval does not
/// start at the family's zero address, an end element at zero comes first,
/// closing the empty gap before it. Pure: no privilege, no failure.
struct IntervalElement: Equatable {
    /// The element's key.
    let address: IPAddress
    /// Whether the element ends an interval rather than starts one.
    let endsInterval: Bool

    /// The elements for `intervals` (sorted, disjoint, non-adjacent, one family).
    static func elements(of intervals: [ClosedRange<IPAddress>], family: AddressFamily) -> [IntervalElement] {
        var elements: [IntervalElement] = []
        elements.reserveCapacity(intervals.count * 2 + 1)
        if let first = intervals.first, first.lowerBound != family.zero {
            elements.append(IntervalElement(address: family.zero, endsInterval: true))
        }
        for interval in intervals {
            elements.append(IntervalElement(address: interval.lowerBound, endsInterval: false))
            if let end = interval.upperBound.successor {
                elements.append(IntervalElement(address: end, endsInterval: true))
            }
        }
        return elements
    }
}
