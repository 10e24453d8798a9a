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
        let batch = try RefocusTableBatch.replacement(for: .empty, allowed: [1000: try Self.intervals(["192.0.2.0/24", "2001:db8::7"])],
                                                      firstSequence: 1)
        let messages = try NetfilterBatchTests.messages(of: batch)
        let sets = try messages.filter { $0.type == UInt16(NetfilterBatchTests.nftType(NFT_MSG_NEWSET)) }
            .map(NetfilterBatchTests.setDefinition)
        #expect(sets.map(\.name) == ["allow1000_4", "allow1000_6"])
        #expect(sets.map(\.flags) == [NFT_SET_INTERVAL.rawValue, NFT_SET_INTERVAL.rawValue])
        let rules = try messages.filter { $0.type == UInt16(NetfilterBatchTests.nftType(NFT_MSG_NEWRULE)) }
            .map { try NetfilterEndpointBatchTests.text(ofRule: $0.bytes) }
        // The jump, loopback, two sets, DNS over UDP and TCP, four services, TCP reset, the rest.
        #expect(rules.count == 1 + 1 + 2 + 2 + 4 + 2, "\(rules)")
        #expect(rules[0].contains("[ meta load skuid => reg 1 ]") && rules[0].contains("[ cmp eq reg 1 0x000003e8 ]")
                && rules[0].contains("[ immediate reg 0 jump -> allow1000 ]"), "\(rules[0])")
        #expect(rules[1].contains("[ meta load oif => reg 1 ]") && rules[1].contains("[ immediate reg 0 return ]"), "\(rules[1])")
        #expect(rules[2].contains("[ lookup reg 1 set allow1000_4 ]") && rules[3].contains("[ lookup reg 1 set allow1000_6 ]"))
        #expect(rules[4].contains("[ cmp eq reg 1 0x00003500 ]"), "DNS: \(rules[4])")
        #expect(rules[10].contains("[ reject type 1 code 0 ]") && rules[11].contains("[ reject type 2 code 3 ]"))
        #expect(rules[11].contains("[ counter"), "every refused packet is counted")
    }

    @Test func noOwnerNoChain() throws {
        let batch = try RefocusTableBatch.replacement(for: try Self.intervals(["192.0.2.9"]), firstSequence: 1)
        let chains = try NetfilterBatchTests.messages(of: batch).filter { $0.type == UInt16(NetfilterBatchTests.nftType(NFT_MSG_NEWCHAIN)) }
        #expect(chains.count == 2, "output and forward only")
    }
}
