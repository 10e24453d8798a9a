import CNetfilter
import Glibc
import RefocusCore
import RefocusOS

/// The rules of allowlist sessions: each owner's locally sent packets go
/// to a chain of their own, which lets through what the owner may reach and
/// refuses the rest. Only the owner's sockets are matched (`meta skuid`):
/// root's, the system's and other users' traffic, and routed traffic, pass.
///
///     chain output {
///         meta skuid 1000 jump allow1000                 # before the replies' accept
///         ct direction reply accept
///         …
///     }
///     chain allow1000 {
///         meta oif 1 return                              # loopback (ifindex 1 in every namespace)
///         ip daddr @allow1000_4 return
///         ip6 daddr @allow1000_6 return
///         meta l4proto udp th dport 53 ip daddr @allowdns4 return    # DNS to /etc/resolv.conf's servers,
///         meta l4proto tcp th dport 53 ip daddr @allowdns4 return    # and @allowdns6 likewise
///         meta l4proto udp th dport 123 ip daddr @allowntp4 return   # NTP to the configured time servers
///         meta l4proto udp th dport 67 ip daddr @allowdhcp4 return   # DHCP to the leases' servers, 255.255.255.255
///         meta l4proto udp th dport 547 ip6 daddr @allowdhcp6 return # DHCPv6 to ff02::1:2 and the leases' servers
///         meta l4proto udp th dport 5353 ip daddr 224.0.0.251 return # mDNS to its groups
///         meta l4proto udp th dport 5353 ip6 daddr ff02::fb return
///         meta l4proto tcp counter reject with tcp reset
///         counter reject with icmpx admin-prohibited
///     }
///
/// `return` goes back to the output chain, where the block rules still
/// apply: an address is reachable only if it is allowed and not blocked.
/// The jump comes before the output chain's `ct direction reply accept`, so
/// that the owner's own answers to connections others opened to them are
/// refused too: a locked owner could otherwise relay anything through a
/// connection a machine of theirs opens to a listener of theirs here. No one
/// else's packet enters the chain, so no one else's inbound connection is cut.
extension RefocusTableBatch {
    /// The port mDNS queries go to, and its IPv4 and IPv6 multicast groups (224.0.0.251, ff02::fb).
    static let multicastDNS: (port: UInt16, groups: [IPAddress]) =
        (5353, [.v4(0xE000_00FB), .v6(high: 0xFF02_0000_0000_0000, low: 0xFB)])

    /// The chain of owner `uid`.
    static func allowChainName(uid: UInt32) -> String { "allow\(uid)" }

    /// The uid whose allowlist chain is `chain` (`allow<uid>`); nil for any other chain.
    static func allowChainOwner(_ chain: String) -> UInt32? {
        guard chain.hasPrefix("allow"), let uid = UInt32(chain.dropFirst("allow".count)),
            allowChainName(uid: uid) == chain
        else { return nil }
        return uid
    }

    /// `meta skuid <uid> jump allow<uid>`, for chain `chain` (output).
    static func allowJumpRule(chain: String, uid: UInt32, table tableName: String) throws(NftablesError) -> NftRule {
        let rule = try NftRule(table: tableName, chain: chain)
        try rule.matchSocketOwner(uid)
        try rule.verdict(NFT_JUMP, chain: allowChainName(uid: uid))
        return rule
    }

    /// The rules of owner `uid`'s chain, in order, for its two allowed sets
    /// and the service sets (`RefocusSet.serviceContents`).
    static func allowChainRules(
        uid: UInt32, sets: [RefocusSet], services: [RefocusSet],
        table tableName: String
    ) throws(NftablesError) -> [NftRule] {
        let chain = allowChainName(uid: uid)
        var rules: [NftRule] = []
        let loopback = try NftRule(table: tableName, chain: chain)
        try loopback.loadMeta(NFT_META_OIF)
        try loopback.compareEqual(withUnsafeBytes(of: UInt32(1)) { Array($0) })
        try loopback.verdict(NFT_RETURN)
        rules.append(loopback)
        for set in sets {
            let rule = try NftRule(table: tableName, chain: chain)
            try rule.lookUpDestination(in: set)
            try rule.verdict(NFT_RETURN)
            rules.append(rule)
        }
        // Each service on its port, to the servers the machine uses for it only.
        for set in services {
            guard case .service(let service) = set.kind else { continue }
            for proto in service.protocols {
                let rule = try portRule(
                    chain: chain, proto: proto, port: service.port(for: set.family), table: tableName)
                try rule.lookUpDestination(in: set)
                try rule.verdict(NFT_RETURN)
                rules.append(rule)
            }
        }
        for group in multicastDNS.groups {
            let rule = try portRule(chain: chain, proto: Int32(IPPROTO_UDP), port: multicastDNS.port, table: tableName)
            try rule.matchDestination(group)
            try rule.verdict(NFT_RETURN)
            rules.append(rule)
        }
        let tcp = try NftRule(table: tableName, chain: chain)
        try tcp.loadMeta(NFT_META_L4PROTO)
        try tcp.compareEqual([UInt8(IPPROTO_TCP)])
        try tcp.count()
        try tcp.reject(NFT_REJECT_TCP_RST, code: 0)
        let other = try NftRule(table: tableName, chain: chain)
        try other.count()
        try other.reject(NFT_REJECT_ICMPX_UNREACH, code: UInt8(NFT_REJECT_ICMPX_ADMIN_PROHIBITED.rawValue))
        return rules + [tcp, other]
    }

    /// A rule of `chain` that so far matches `meta l4proto <proto> th dport <port>`.
    private static func portRule(chain: String, proto: Int32, port: UInt16, table tableName: String)
        throws(NftablesError) -> NftRule
    {
        let rule = try NftRule(table: tableName, chain: chain)
        try rule.loadMeta(NFT_META_L4PROTO)
        try rule.compareEqual([UInt8(proto)])
        try rule.loadDestinationPort()
        try rule.compareEqual([UInt8(port >> 8), UInt8(port & 0xff)])
        return rule
    }
}

extension NftRule {
    /// `<ip|ip6> daddr @<set>`, with the `meta nfproto` match nft adds in an `inet` table.
    func lookUpDestination(in set: RefocusSet) throws(NftablesError) {
        try loadMeta(NFT_META_NFPROTO)
        try compareEqual([set.family.nfproto])
        try loadNetworkHeader(offset: set.family.destinationOffset, length: UInt32(set.family.addressLength))
        try lookup(set: set.name, id: set.id)
    }

    /// `<ip|ip6> daddr <address>`, with the `meta nfproto` match nft adds in an `inet` table.
    func matchDestination(_ address: IPAddress) throws(NftablesError) {
        let family: AddressFamily = address.isIPv4 ? .ipv4 : .ipv6
        try loadMeta(NFT_META_NFPROTO)
        try compareEqual([family.nfproto])
        try loadNetworkHeader(offset: family.destinationOffset, length: UInt32(family.addressLength))
        try compareEqual(address.bytes)
    }
}
