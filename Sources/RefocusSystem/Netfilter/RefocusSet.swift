import RefocusCore

/// One of the four address sets of table `inet refocus`: per family, a plain
/// set of single addresses (no flags: the kernel picks a hash table, sized
/// by the size hint, much faster to fill than an rbtree) and an interval set
/// of wider ranges (flag `interval`).
///
/// Pure description: no privilege, no failure.
struct RefocusSet: Equatable, Sendable {
    /// The set's name in the table: `v4`, `v4net`, `v6`, `v6net`.
    let name: String
    /// The set's batch-local id, which rules in the same batch use to find it.
    let id: UInt32
    /// The family of the set's addresses.
    let family: AddressFamily
    /// Whether the set holds ranges (flag `interval`) rather than single addresses.
    let isInterval: Bool

    static let v4 = RefocusSet(name: "v4", id: 1, family: .ipv4, isInterval: false)
    static let v4net = RefocusSet(name: "v4net", id: 2, family: .ipv4, isInterval: true)
    static let v6 = RefocusSet(name: "v6", id: 3, family: .ipv6, isInterval: false)
    static let v6net = RefocusSet(name: "v6net", id: 4, family: .ipv6, isInterval: true)
    /// The four sets, in table order.
    static let all = [v4, v4net, v6, v6net]

    /// The sets that have elements for `intervals`, in table order, each
    /// with its elements: a family's single addresses for its plain set, its
    /// ranges encoded as nft does (`SetElement`) for its interval set.
    static func contents(for intervals: AddressIntervals) -> [(definition: RefocusSet, elements: [SetElement])] {
        [(v4, v4net, intervals.ipv4Split), (v6, v6net, intervals.ipv6Split)].flatMap { plain, ranges, split in
            [(plain, SetElement.elements(of: split.singles)),
             (ranges, SetElement.elements(of: split.ranges, family: ranges.family))]
        }.filter { !$0.elements.isEmpty }
    }
}
