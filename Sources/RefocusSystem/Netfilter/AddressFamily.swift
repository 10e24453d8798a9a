import CNetfilter
import RefocusCore

/// IPv4 or IPv6, with what ReFocus's table needs to know of each: the set
/// holding its addresses and how a rule matches the destination address.
enum AddressFamily: CaseIterable {
    case ipv4
    case ipv6

    /// The name of the family's set in table `inet refocus`.
    var setName: String {
        switch self {
        case .ipv4: "v4"
        case .ipv6: "v6"
        }
    }

    /// The set's batch-local id, which rules in the same batch use to find it.
    var setID: UInt32 {
        switch self {
        case .ipv4: 1
        case .ipv6: 2
        }
    }

    /// nft's data type of the set's key, so that nft prints `ipv4_addr` and
    /// `ipv6_addr` (TYPE_IPADDR and TYPE_IP6ADDR in nftables' datatype.h).
    var nftDataType: UInt32 {
        switch self {
        case .ipv4: 7
        case .ipv6: 8
        }
    }

    /// The length of an address in bytes.
    var addressLength: Int {
        switch self {
        case .ipv4: 4
        case .ipv6: 16
        }
    }

    /// The value of `meta nfproto` for packets of this family.
    var nfproto: UInt8 {
        switch self {
        case .ipv4: UInt8(NFPROTO_IPV4)
        case .ipv6: UInt8(NFPROTO_IPV6)
        }
    }

    /// Where the destination address starts in the network header.
    var destinationOffset: UInt32 {
        switch self {
        case .ipv4: 16
        case .ipv6: 24
        }
    }

    /// The family's first address: `0.0.0.0` or `::`.
    var zero: IPAddress {
        switch self {
        case .ipv4: .v4(0)
        case .ipv6: .v6(high: 0, low: 0)
        }
    }

    /// The family's intervals in `intervals`.
    func intervals(in intervals: AddressIntervals) -> [ClosedRange<IPAddress>] {
        switch self {
        case .ipv4: intervals.ipv4
        case .ipv6: intervals.ipv6
        }
    }
}
