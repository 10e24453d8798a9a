import RefocusCore
import RefocusOS

/// One element of an nftables set of addresses: a key, which in an interval
/// set is an interval's first address or (`endsInterval`,
/// NFT_SET_ELEM_INTERVAL_END) the first address after it.
///
/// `elements(of:family:)` encodes intervals the way nft 1.0.6 does: each
/// interval `first...last` is `first` and an end element at `last + 1`,
/// except that an interval reaching the family's last address has no end
/// element (it is open to the end); and when the first interval does not
/// start at the family's zero address, an end element at zero comes first,
/// closing the empty gap before it. Pure: no privilege, no failure.
struct SetElement: Hashable {
    /// The element's key.
    let address: IPAddress
    /// Whether the element ends an interval rather than starts one (never in a plain set).
    let endsInterval: Bool

    /// The elements of a plain set holding `addresses`: one key each.
    static func elements(of addresses: [IPAddress]) -> [SetElement] {
        addresses.map { SetElement(address: $0, endsInterval: false) }
    }

    /// The elements of an interval set holding `intervals` (sorted, disjoint, non-adjacent, one family).
    static func elements(of intervals: [ClosedRange<IPAddress>], family: AddressFamily) -> [SetElement] {
        var elements: [SetElement] = []
        elements.reserveCapacity(intervals.count * 2 + 1)
        if let first = intervals.first, first.lowerBound != family.zero {
            elements.append(SetElement(address: family.zero, endsInterval: true))
        }
        for interval in intervals {
            elements.append(SetElement(address: interval.lowerBound, endsInterval: false))
            if let end = interval.upperBound.successor {
                elements.append(SetElement(address: end, endsInterval: true))
            }
        }
        return elements
    }
}

extension SetElement {
    /// The elements of `old` that `new` lacks, and those of `new` that
    /// `old` lacks. The element lists a set's contents make are in
    /// increasing address order (an interval's end comes before the next
    /// start, as merged intervals never touch), so one walk through both
    /// finds them; lists in any other order are compared as sets.
    static func difference(from old: [SetElement], to new: [SetElement]) -> (gone: [SetElement], added: [SetElement]) {
        guard isIncreasing(old), isIncreasing(new) else {
            let kept = Set(old), wanted = Set(new)
            return (old.filter { !wanted.contains($0) }, new.filter { !kept.contains($0) })
        }
        var gone: [SetElement] = [], added: [SetElement] = []
        var (index, other) = (old.startIndex, new.startIndex)
        while index < old.endIndex, other < new.endIndex {
            if old[index] == new[other] {
                index += 1
                other += 1
            } else if precedes(old[index], new[other]) {
                gone.append(old[index])
                index += 1
            } else {
                added.append(new[other])
                other += 1
            }
        }
        return (gone + old[index...], added + new[other...])
    }

    /// Whether `first` sorts before `second`: by address, a start before an end at the same address.
    private static func precedes(_ first: SetElement, _ second: SetElement) -> Bool {
        first.address != second.address ? first.address < second.address : !first.endsInterval && second.endsInterval
    }

    private static func isIncreasing(_ elements: [SetElement]) -> Bool {
        zip(elements, elements.dropFirst()).allSatisfy { precedes($0, $1) }
    }
}
