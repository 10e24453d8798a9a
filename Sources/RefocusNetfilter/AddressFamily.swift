import CNetfilter
import RefocusCore
import RefocusOS

/// IPv4 or IPv6, with what ReFocus's table needs to know of each: the key
/// of its sets and how a rule matches the destination address.
struct AddressFamily: Equatable, Sendable {
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

    static let ipv4 = AddressFamily(
        nftDataType: 7, addressLength: 4,
        nfproto: UInt8(NFPROTO_IPV4), destinationOffset: 16, zero: .v4(0))
    static let ipv6 = AddressFamily(
        nftDataType: 8, addressLength: 16,
        nfproto: UInt8(NFPROTO_IPV6), destinationOffset: 24, zero: .v6(high: 0, low: 0))

    /// The family's intervals in `intervals`, split into single addresses and ranges.
    func split(of intervals: AddressIntervals) -> SinglesAndRanges {
        self == .ipv4 ? intervals.ipv4Split : intervals.ipv6Split
    }
}
