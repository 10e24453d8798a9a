import CNetfilter
import RefocusCore

/// IPv4 or IPv6, with what ReFocus's table needs to know of each: the set
/// holding its addresses and how a rule matches the destination address.
struct AddressFamily: Equatable, Sendable {
    /// The name of the family's set in table `inet refocus`.
    let setName: String
    /// The set's batch-local id, which rules in the same batch use to find it.
    let setID: UInt32
    /// nft's data type of the set's key, so that nft prints `ipv4_addr` and
    /// `ipv6_addr` (TYPE_IPADDR and TYPE_IP6ADDR in nftables' datatype.h).
    let nftDataType: UInt32
    /// The length of an address in bytes.
    let addressLength: Int
    /// The value of `meta nfproto` for packets of this family.
    let nfproto: UInt8
    /// Where the destination address starts in the network header.
    let destinationOffset: UInt32
    /// The family's first address: `0.0.0.0` or `::`.
    let zero: IPAddress

    static let ipv4 = AddressFamily(setName: "v4", setID: 1, nftDataType: 7, addressLength: 4,
                                    nfproto: UInt8(NFPROTO_IPV4), destinationOffset: 16, zero: .v4(0))
    static let ipv6 = AddressFamily(setName: "v6", setID: 2, nftDataType: 8, addressLength: 16,
                                    nfproto: UInt8(NFPROTO_IPV6), destinationOffset: 24, zero: .v6(high: 0, low: 0))
    /// Both families, IPv4 first: the order of the sets and rules.
    static let allCases = [ipv4, ipv6]

    /// The family's intervals in `intervals`.
    func intervals(in intervals: AddressIntervals) -> [ClosedRange<IPAddress>] {
        self == .ipv4 ? intervals.ipv4 : intervals.ipv6
    }
}
