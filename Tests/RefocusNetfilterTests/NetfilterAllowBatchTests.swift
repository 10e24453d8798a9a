import CNetfilter
import Glibc
import RefocusCore
import Testing

@testable import RefocusNetfilter

/// Allowlist sessions in the table: a chain per owner reached by a
/// `meta skuid` jump from the output chain, its two allowed sets, and its
/// rules, built without root and read back with libnftnl.
@Suite struct NetfilterAllowBatchTests {
    static func intervals(_ texts: [String]) throws -> AddressIntervals {
        AddressIntervals(try texts.map { try AddressRange(parsing: $0) })
    }

    @Test func anOwnerGetsAChainTwoSetsAJumpAndRulesThatReturnOrRefuse() throws {
        let allowed = AllowedTraffic(owners: [1000: try Self.intervals(["192.0.2.0/24", "2001:db8::7"])],
                                     nameServers: try Self.intervals(["192.0.2.53"]))
        let batch = try RefocusTableBatch.replacement(for: TableContents(allowed: allowed), firstSequence: 1)
        let messages = try NetfilterBatchTests.messages(of: batch)
        let sets = try messages.filter { $0.type == UInt16(NetfilterBatchTests.nftType(NFT_MSG_NEWSET)) }
            .map(NetfilterBatchTests.setDefinition)
        #expect(sets.map(\.name) == ["allow1000_4", "allow1000_6", "allowdns4", "allowdns6"])
        #expect(sets.allSatisfy { $0.flags == NFT_SET_INTERVAL.rawValue })
        let rules = try messages.filter { $0.type == UInt16(NetfilterBatchTests.nftType(NFT_MSG_NEWRULE)) }
            .map { try NetfilterEndpointBatchTests.text(ofRule: $0.bytes) }
        // The jump, loopback, two sets, DNS over UDP and TCP to each family's name servers, four services,
        // TCP reset, the rest.
        #expect(rules.count == 1 + 1 + 2 + 4 + 4 + 2, "\(rules)")
        #expect(rules[0].contains("[ meta load skuid => reg 1 ]") && rules[0].contains("[ cmp eq reg 1 0x000003e8 ]")
                && rules[0].contains("[ immediate reg 0 jump -> allow1000 ]"), "\(rules[0])")
        #expect(rules[1].contains("[ meta load oif => reg 1 ]") && rules[1].contains("[ immediate reg 0 return ]"), "\(rules[1])")
        #expect(rules[2].contains("[ lookup reg 1 set allow1000_4 ]") && rules[3].contains("[ lookup reg 1 set allow1000_6 ]"))
        #expect(rules[4].contains("[ cmp eq reg 1 0x00003500 ]") && rules[4].contains("[ lookup reg 1 set allowdns4 ]"),
                "DNS only to the name servers: \(rules[4])")
        #expect(rules[4...7].allSatisfy { $0.contains("set allowdns") }, "no port 53 to any other address")
        #expect(rules[12].contains("[ reject type 1 code 0 ]") && rules[13].contains("[ reject type 2 code 3 ]"))
        #expect(rules[13].contains("[ counter"), "every refused packet is counted")
    }

    @Test func noOwnerNoChain() throws {
        let batch = try RefocusTableBatch.replacement(for: TableContents(blocked: try Self.intervals(["192.0.2.9"])),
                                                      firstSequence: 1)
        let chains = try NetfilterBatchTests.messages(of: batch).filter { $0.type == UInt16(NetfilterBatchTests.nftType(NFT_MSG_NEWCHAIN)) }
        #expect(chains.count == 2, "output and forward only")
    }
}
