import RefocusCore
import RefocusOS

/// One of the sets of table `inet refocus`. Per family, the block sets: a
/// plain set of single addresses (no flags: the kernel picks a hash table,
/// sized by the size hint, much faster to fill than an rbtree) and an
/// interval set of wider ranges (flag `interval`); and the hits set, which
/// the packet path fills with the addresses the table refused (flag
/// `dynamic`), each with a counter of its own. Per user blocked for
/// alone (`TableContents.userBlocked`), the same pair of block sets per
/// family, named after the uid (`u1000_4`, `u1000_4net`, `u1000_6`,
/// `u1000_6net`), whose rules match that user's sockets only.
///
/// Pure description: no privilege, no failure.
struct RefocusSet: Equatable, Sendable {
    /// What a set holds, which decides its flags and expressions.
    enum Kind: Equatable, Sendable {
        /// Blocked single addresses, added by `apply`; no flags, no counter.
        case addresses
        /// Blocked ranges, added by `apply`; flag `interval`, no counter.
        case ranges
        /// Refused addresses, added by the rules (`update`); flag `dynamic`,
        /// and a `counter` that the kernel gives every element it adds.
        case hits
        /// DNS-over-HTTPS endpoints, refused on ports 443 and 853 only, added
        /// by `apply`; flag `interval`, no counter.
        case endpoints
        /// What one owner of allowlist sessions may reach, added by `apply`;
        /// flag `interval`, no counter.
        case allowed
        /// The servers of one service that every allowlist owner may use on
        /// its ports only, added by `apply`; flag `interval`, no counter.
        case service(AllowedService)
        /// The addresses of an open daily allowance's list, metered for its
        /// owner (`MeteredTraffic`); flag `interval`, no counter.
        case metered(owner: UInt32, list: String)
        /// Single addresses refused to one user's sockets only, added by
        /// `apply`; no flags, no counter, like `addresses`.
        case userAddresses(uid: UInt32)
        /// Ranges refused to one user's sockets only, added by `apply`; flag
        /// `interval`, no counter, like `ranges`.
        case userRanges(uid: UInt32)
    }

    /// The set's name in the table: `v4`, `v4net`, `v6`, `v6net`, `hits4`, `hits6`, `doh4`, `doh6`.
    let name: String
    /// The set's batch-local id, which rules in the same batch use to find it.
    let id: UInt32
    /// The family of the set's addresses.
    let family: AddressFamily
    /// What the set holds.
    let kind: Kind

    /// Whether the set holds ranges (flag `interval`) rather than single addresses.
    var isInterval: Bool {
        switch kind {
        case .ranges, .endpoints, .allowed, .service, .metered, .userRanges: true
        case .addresses, .hits, .userAddresses: false
        }
    }

    /// The user whose sockets alone the set's rules match, for a user's
    /// block set; nil for every other set.
    var user: UInt32? {
        switch kind {
        case .userAddresses(let uid), .userRanges(let uid): uid
        default: nil
        }
    }

    static let v4 = RefocusSet(name: "v4", id: 1, family: .ipv4, kind: .addresses)
    static let v4net = RefocusSet(name: "v4net", id: 2, family: .ipv4, kind: .ranges)
    static let v6 = RefocusSet(name: "v6", id: 3, family: .ipv6, kind: .addresses)
    static let v6net = RefocusSet(name: "v6net", id: 4, family: .ipv6, kind: .ranges)
    static let hits4 = RefocusSet(name: "hits4", id: 5, family: .ipv4, kind: .hits)
    static let hits6 = RefocusSet(name: "hits6", id: 6, family: .ipv6, kind: .hits)
    static let doh4 = RefocusSet(name: "doh4", id: 7, family: .ipv4, kind: .endpoints)
    static let doh6 = RefocusSet(name: "doh6", id: 8, family: .ipv6, kind: .endpoints)
    /// The two hits sets, in table order.
    static let allHits = [hits4, hits6]

    /// How many refused addresses a hits set records (its size): once full,
    /// the kernel adds no element and counts nothing more there, while the
    /// packets are still refused and counted by the rules. Given as a size,
    /// it makes the kernel allocate the set's hash table for it up front
    /// (131,072 buckets, 1 MiB), which then never grows on the packet path;
    /// without a size a dynamic set would stop at 65,535.
    static let hitsCapacity = 65_536

    /// The size a set holding `count` elements is made with: room for an
    /// eighth more (at least 16), so that updates (re-resolution, a list
    /// edited during a session) add elements without replacing the table;
    /// 0 (no limit) for an empty set. The kernel refuses elements past a
    /// set's size (ENFILE), so a set that would outgrow it is made again.
    static func capacity(forElements count: Int) -> Int {
        count == 0 ? 0 : count + max(16, count / 8)
    }

    /// The hits set of `family`.
    static func hits(of family: AddressFamily) -> RefocusSet {
        family == .ipv4 ? hits4 : hits6
    }

    /// The block sets that have elements for `intervals`, in table order,
    /// each with its elements: a family's single addresses for its plain
    /// set, its ranges encoded as nft does (`SetElement`) for its interval set.
    static func contents(for intervals: AddressIntervals) -> [(definition: RefocusSet, elements: [SetElement])] {
        [(v4, v4net, intervals.ipv4Split), (v6, v6net, intervals.ipv6Split)].flatMap { plain, ranges, split in
            [
                (plain, SetElement.elements(of: split.singles)),
                (ranges, SetElement.elements(of: split.ranges, family: ranges.family)),
            ]
        }.filter { !$0.elements.isEmpty }
    }

    /// The endpoint sets that have elements for `endpoints`, in table order,
    /// each with its elements encoded as intervals.
    static func endpointContents(for endpoints: AddressIntervals) -> [(definition: RefocusSet, elements: [SetElement])]
    {
        [(doh4, endpoints.ipv4), (doh6, endpoints.ipv6)].map { set, intervals in
            (set, SetElement.elements(of: intervals, family: set.family))
        }.filter { !$0.elements.isEmpty }
    }

    /// The allowed sets of owner `uid` (`allow1000_4`, `allow1000_6`), the
    /// `index`th owner in uid order, each with its elements; both exist even
    /// when empty, since the owner's chain looks both up.
    static func allowedContents(
        uid: UInt32, index: Int,
        allowed: AddressIntervals
    ) -> [(definition: RefocusSet, elements: [SetElement])] {
        [(AddressFamily.ipv4, allowed.ipv4), (.ipv6, allowed.ipv6)].enumerated().map { offset, entry in
            let set = RefocusSet(
                name: "allow\(uid)_\(entry.0 == .ipv4 ? 4 : 6)", id: 100 + UInt32(index) * 2 + UInt32(offset),
                family: entry.0, kind: .allowed)
            return (set, SetElement.elements(of: entry.1, family: entry.0))
        }
    }

    /// The sets of the servers allowlist owners may use for each service
    /// (`allowdns4`, `allowdns6`, `allowntp4`, `allowntp6`, `allowdhcp4`,
    /// `allowdhcp6`), every one, even when empty, since the owners' chains
    /// look them all up.
    static func serviceContents(for allowed: AllowedTraffic) -> [(definition: RefocusSet, elements: [SetElement])] {
        let servers = [allowed.nameServers, allowed.timeServers, allowed.dhcpServers]
        return zip(AllowedService.all, servers).enumerated().flatMap { index, entry in
            let (service, intervals) = entry
            return [(AddressFamily.ipv4, intervals.ipv4), (.ipv6, intervals.ipv6)].enumerated().map { offset, family in
                (
                    RefocusSet(
                        name: "allow\(service.name)\(family.0 == .ipv4 ? 4 : 6)",
                        id: 90 + UInt32(index) * 2 + UInt32(offset), family: family.0, kind: .service(service)),
                    SetElement.elements(of: family.1, family: family.0)
                )
            }
        }
    }

    /// The sets of the `index`th metered traffic (`meter0_4`, `meter0_6`)
    /// that have elements, each with its elements.
    static func meteredContents(
        _ traffic: MeteredTraffic, index: Int
    ) -> [(definition: RefocusSet, elements: [SetElement])] {
        [(AddressFamily.ipv4, traffic.addresses.ipv4), (.ipv6, traffic.addresses.ipv6)].enumerated().map {
            offset, entry in
            let set = RefocusSet(
                name: "meter\(index)_\(entry.0 == .ipv4 ? 4 : 6)", id: 1000 + UInt32(index) * 2 + UInt32(offset),
                family: entry.0, kind: .metered(owner: traffic.owner, list: traffic.list.rawValue))
            return (set, SetElement.elements(of: entry.1, family: entry.0))
        }.filter { !$0.elements.isEmpty }
    }

    /// The first batch-local id of the users' block sets: four ids per user,
    /// far above those of the other sets, so that none is ever shared.
    static let firstUserSetID: UInt32 = 1 << 20

    /// The block sets of user `uid` (`u1000_4`, `u1000_4net`, `u1000_6`,
    /// `u1000_6net`), the `index`th user in uid order, that have elements,
    /// in table order, each with its elements: split as the machine-wide
    /// block sets are (`contents(for:)`).
    static func userContents(
        uid: UInt32, index: Int, blocked: AddressIntervals
    ) -> [(definition: RefocusSet, elements: [SetElement])] {
        let first = firstUserSetID + UInt32(clamping: index) &* 4
        let families = [(AddressFamily.ipv4, blocked.ipv4Split), (.ipv6, blocked.ipv6Split)]
        return families.enumerated().flatMap { offset, entry -> [(definition: RefocusSet, elements: [SetElement])] in
            let (family, split) = entry
            let name = "u\(uid)_\(family == .ipv4 ? 4 : 6)", id = first + UInt32(offset) * 2
            return [
                (
                    RefocusSet(name: name, id: id, family: family, kind: .userAddresses(uid: uid)),
                    SetElement.elements(of: split.singles)
                ),
                (
                    RefocusSet(name: name + "net", id: id + 1, family: family, kind: .userRanges(uid: uid)),
                    SetElement.elements(of: split.ranges, family: family)
                ),
            ]
        }.filter { !$0.elements.isEmpty }
    }

    /// The uid of a user's block set named `name` (`u1000_4`, `u1000_6net`);
    /// nil for any other name.
    static func userSetOwner(_ name: String) -> UInt32? {
        guard name.hasPrefix("u"), let separator = name.firstIndex(of: "_"),
            let uid = UInt32(name[name.index(after: name.startIndex)..<separator]),
            ["4", "4net", "6", "6net"].contains(name[name.index(after: separator)...]),
            name.hasPrefix("u\(uid)_")
        else { return nil }
        return uid
    }

    /// The hits sets of the families that have a block set (a user's too) among `blockSets`, in table order.
    static func hitsSets(for blockSets: [RefocusSet]) -> [RefocusSet] {
        allHits.filter { hits in blockSets.contains { $0.family == hits.family } }
    }
}
