import CNetfilter
import Glibc
import RefocusOS

/// The rules of allowlist sessions: each owner's locally sent packets go
/// to a chain of their own, which lets through what the owner may reach and
/// refuses the rest. Only the owner's sockets are matched (`meta skuid`):
/// root's, the system's and other users' traffic, and routed traffic, pass.
///
///     chain output { …
///         meta skuid 1000 jump allow1000
///     }
///     chain allow1000 {
///         meta oif 1 return                              # loopback (ifindex 1 in every namespace)
///         ip daddr @allow1000_4 return
///         ip6 daddr @allow1000_6 return
///         meta l4proto udp th dport 53 ip daddr @allowdns4 return   # DNS to /etc/resolv.conf's
///         meta l4proto tcp th dport 53 ip daddr @allowdns4 return   # servers (and @allowdns6)
///         meta l4proto udp th dport { 67, 123, 547, 5353 } return   # DHCP, NTP, DHCPv6, mDNS: a rule each
///         meta l4proto tcp counter reject with tcp reset
///         counter reject with icmpx admin-prohibited
///     }
///
/// `return` goes back to the output chain, where the block rules still
/// apply: an address is reachable only if it is allowed and not blocked.
extension RefocusTableBatch {
    /// The UDP ports an allowlist session leaves open beside DNS: DHCP, NTP, DHCPv6, mDNS.
    static let allowedServicePorts: [UInt16] = [67, 123, 547, 5353]

    /// The chain of owner `uid`.
    static func allowChainName(uid: UInt32) -> String { "allow\(uid)" }

    /// The uid whose allowlist chain is `chain` (`allow<uid>`); nil for any other chain.
    static func allowChainOwner(_ chain: String) -> UInt32? {
        guard chain.hasPrefix("allow"), let uid = UInt32(chain.dropFirst("allow".count)),
              allowChainName(uid: uid) == chain else { return nil }
        return uid
    }

    /// `meta skuid <uid> jump allow<uid>`, for chain `chain` (output).
    static func allowJumpRule(chain: String, uid: UInt32, table tableName: String) throws(NftablesError) -> NftRule {
        let rule = try NftRule(table: tableName, chain: chain)
        try rule.loadMeta(NFT_META_SKUID)
        try rule.compareEqual(withUnsafeBytes(of: uid) { Array($0) })
        try rule.verdict(NFT_JUMP, chain: allowChainName(uid: uid))
        return rule
    }

    /// The rules of owner `uid`'s chain, in order, for its two allowed sets.
    static func allowChainRules(uid: UInt32, sets: [RefocusSet], nameServers: [RefocusSet],
                                table tableName: String) throws(NftablesError) -> [NftRule] {
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
        // DNS to the machine's name servers only, over UDP and TCP.
        for set in nameServers {
            for proto in [Int32(IPPROTO_UDP), Int32(IPPROTO_TCP)] {
                let rule = try portRule(chain: chain, proto: proto, port: 53, table: tableName)
                try rule.lookUpDestination(in: set)
                try rule.verdict(NFT_RETURN)
                rules.append(rule)
            }
        }
        for port in allowedServicePorts {
            let rule = try portRule(chain: chain, proto: Int32(IPPROTO_UDP), port: port, table: tableName)
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
    private static func portRule(chain: String, proto: Int32, port: UInt16, table tableName: String) throws(NftablesError) -> NftRule {
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
}
