import CNetfilter
import RefocusOS

/// The rules that refuse the DNS-over-HTTPS endpoints' addresses (sets
/// `doh4` and `doh6`) on ports 443 and 853 only, TCP and UDP, so that a
/// resolver at such an address still answers on port 53:
///
///     meta l4proto tcp th dport 443 ip daddr @doh4 counter reject with tcp reset
///     meta l4proto udp th dport 443 ip daddr @doh4 counter reject with icmpx admin-prohibited
///     … the same for port 853, and for @doh6 with ip6 daddr
///
/// UDP 443 is QUIC (HTTP/3): refused with an ICMP error, it fails at once
/// and the browser does not wait for a timeout. No hits are recorded for
/// them; their counters count every refused packet.
extension RefocusTableBatch {
    /// The protocols refused on the endpoints' ports, each with its reject
    /// type and code: a TCP reset, or ICMP administratively prohibited.
    static let endpointProtocols: [(proto: Int32, reject: nft_reject_types, code: UInt8)] = [
        (Int32(IPPROTO_TCP), NFT_REJECT_TCP_RST, 0),
        (Int32(IPPROTO_UDP), NFT_REJECT_ICMPX_UNREACH, UInt8(NFT_REJECT_ICMPX_ADMIN_PROHIBITED.rawValue)),
    ]

    /// The rules of `chain` for endpoint set `set`: one per protocol and port.
    static func endpointRules(
        chain: String, set: RefocusSet, ports: [UInt16],
        table tableName: String
    ) throws(NftablesError) -> [NftRule] {
        var rules: [NftRule] = []
        for port in ports {
            for entry in endpointProtocols {
                let rule = try NftRule(table: tableName, chain: chain)
                try rule.loadMeta(NFT_META_L4PROTO)
                try rule.compareEqual([UInt8(entry.proto)])
                try rule.loadDestinationPort()
                try rule.compareEqual([UInt8(port >> 8), UInt8(port & 0xff)])
                try rule.loadMeta(NFT_META_NFPROTO)
                try rule.compareEqual([set.family.nfproto])
                try rule.loadNetworkHeader(
                    offset: set.family.destinationOffset,
                    length: UInt32(set.family.addressLength))
                try rule.lookup(set: set.name, id: set.id)
                try rule.count()
                try rule.reject(entry.reject, code: entry.code)
                rules.append(rule)
            }
        }
        return rules
    }
}
