import RefocusCore

/// One element of a set as the kernel lists it (GETSETELEM), with the
/// packets its counter has counted: nil when it has no counter (an
/// interval's end element, or a table made before sets had counters).
///
/// `packetsByInterval` turns a set's elements back into the intervals it
/// blocks, each with its element's count. Pure: no privilege, no failure.
struct SetElementCount: Equatable {
    /// The element's key and whether it ends an interval.
    let element: SetElement
    /// The packets the element's counter counted, if it has one.
    let packets: UInt64?

    /// The packets counted per interval of the set `definition` holding
    /// `counts` (in any order; the kernel lists an interval set's elements
    /// from its rbtree, not sorted as `SetElement.elements(of:family:)` writes them).
    ///
    /// A plain set's element is the interval `address...address`. In an
    /// interval set, a start element's interval runs to just before the
    /// next element's address (normally its end element), or, with none
    /// after it, to the family's last address; end elements count nothing.
    /// So the keys are exactly the intervals `apply` was given
    /// (`AddressIntervals.ipv4`, `.ipv6`). Elements without a counter are left out.
    static func packetsByInterval(_ counts: [SetElementCount],
                                  in definition: RefocusSet) -> [ClosedRange<IPAddress>: UInt64] {
        var result: [ClosedRange<IPAddress>: UInt64] = [:]
        result.reserveCapacity(definition.isInterval ? counts.count / 2 + 1 : counts.count)
        guard definition.isInterval else {
            for count in counts where !count.element.endsInterval {
                if let packets = count.packets { result[count.element.address...count.element.address, default: 0] += packets }
            }
            return result
        }
        let sorted = counts.sorted { ($0.element.address, $0.startsInterval) < ($1.element.address, $1.startsInterval) }
        for (index, count) in sorted.enumerated() where !count.element.endsInterval {
            guard let packets = count.packets else { continue }
            let next = sorted.index(after: index)
            let last = next < sorted.endIndex ? predecessor(of: sorted[next].element.address) : lastAddress(of: definition.family)
            guard let last, count.element.address <= last else { continue }
            result[count.element.address...last, default: 0] += packets
        }
        return result
    }

    /// 1 for a start element, 0 for an end: ends sort first at the same address.
    private var startsInterval: Int { element.endsInterval ? 0 : 1 }

    /// The address before `address`, or nil for the family's zero.
    private static func predecessor(of address: IPAddress) -> IPAddress? {
        switch address {
        case .v4(let value):
            value == 0 ? nil : .v4(value - 1)
        case .v6(let high, let low):
            if low != 0 { .v6(high: high, low: low - 1) }
            else if high != 0 { .v6(high: high - 1, low: .max) }
            else { nil }
        }
    }

    /// `255.255.255.255` or `ffff:…:ffff`.
    private static func lastAddress(of family: AddressFamily) -> IPAddress {
        family == .ipv4 ? .v4(.max) : .v6(high: .max, low: .max)
    }
}
