import CNetfilter
import Glibc
import RefocusCore
import Testing

@testable import RefocusNetfilter

/// The DNS-over-HTTPS endpoint sets `doh4` and `doh6` and their
/// port-restricted rules, built without root and read back with libnftnl.
@Suite struct NetfilterEndpointBatchTests {
    static func endpoints(_ texts: [String]) throws -> AddressIntervals {
        AddressIntervals(try texts.map { try AddressRange(parsing: $0) })
    }

    @Test func endpointsAloneMakeATableWithTheirSetsAndEightRulesPerSetAndChainPair() throws {
        let endpoints = try Self.endpoints(["8.8.8.8", "2001:4860:4860::8888"])
        let batch = try RefocusTableBatch.replacement(for: TableContents(endpoints: endpoints), firstSequence: 1)
        let messages = try NetfilterBatchTests.messages(of: batch)
        let sets = try messages.filter { $0.type == UInt16(NetfilterBatchTests.nftType(NFT_MSG_NEWSET)) }
            .map(NetfilterBatchTests.setDefinition)
        #expect(sets.map(\.name) == ["doh4", "doh6"], "no block set, no hits set")
        #expect(sets.map(\.flags) == [NFT_SET_INTERVAL.rawValue, NFT_SET_INTERVAL.rawValue])
        #expect(sets.map(\.keyLength) == [4, 16])
        // 2 chains × (the replies' accept, then 2 sets × 2 protocols × 2 ports).
        #expect(messages.filter { $0.type == UInt16(NetfilterBatchTests.nftType(NFT_MSG_NEWRULE)) }.count == 18)
    }

    @Test func aRuleMatchesItsProtocolThenItsPortNeverPort53() throws {
        let batch = try RefocusTableBatch.replacement(
            for: TableContents(endpoints: try Self.endpoints(["8.8.8.8"])),
            firstSequence: 1)
        let rules = try NetfilterBatchTests.messages(of: batch)
            .filter { $0.type == UInt16(NetfilterBatchTests.nftType(NFT_MSG_NEWRULE)) }
        let texts = try rules.dropFirst().map { try Self.text(ofRule: $0.bytes) }
        #expect(texts.count == 9, "output (after the replies' accept), then forward: 5 each")
        // TCP 443 (6, 0x01bb), UDP 443 (17), TCP 853 (0x0355), UDP 853: as nft's `meta l4proto … th dport …`.
        for (index, (proto, port)) in [
            ("0x00000006", "0x0000bb01"), ("0x00000011", "0x0000bb01"),
            ("0x00000006", "0x00005503"), ("0x00000011", "0x00005503"),
        ].enumerated() {
            #expect(texts[index].contains("[ cmp eq reg 1 \(proto) ]"), "\(texts[index])")
            #expect(texts[index].contains("[ payload load 2b @ transport header + 2 => reg 1 ]"), "\(texts[index])")
            #expect(texts[index].contains("[ cmp eq reg 1 \(port) ]"), "\(texts[index])")
            #expect(texts[index].contains("[ lookup reg 1 set doh4 ]"), "\(texts[index])")
            #expect(!texts[index].contains("0x00003500"), "never port 53: \(texts[index])")
        }
        #expect(
            texts[0].contains("[ reject type 1 code 0 ]") && texts[2].contains("[ reject type 1 code 0 ]"), "TCP: reset"
        )
        #expect(
            texts[1].contains("[ reject type 2 code 3 ]") && texts[3].contains("[ reject type 2 code 3 ]"),
            "UDP (QUIC): icmpx admin-prohibited")
    }

    /// libnftnl's text of the NEWRULE message `bytes`: `[ payload load … ]` per expression.
    static func text(ofRule bytes: [UInt8]) throws -> String {
        let rule = try #require(nftnl_rule_alloc())
        defer { nftnl_rule_free(rule) }
        _ = bytes.withUnsafeBytes {
            nftnl_rule_nlmsg_parse($0.baseAddress?.assumingMemoryBound(to: nlmsghdr.self), rule)
        }
        var buffer = [CChar](repeating: 0, count: 4096)
        _ = nftnl_rule_snprintf(&buffer, buffer.count, rule, UInt32(NFTNL_OUTPUT_DEFAULT.rawValue), 0)
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    @Test func blockSetsAndEndpointSetsTogether() throws {
        let contents = TableContents(
            blocked: try Self.endpoints(["192.0.2.1"]), endpoints: try Self.endpoints(["1.1.1.1", "1.0.0.1"]))
        let batch = try RefocusTableBatch.replacement(for: contents, firstSequence: 1)
        let messages = try NetfilterBatchTests.messages(of: batch)
        let sets = try messages.filter { $0.type == UInt16(NetfilterBatchTests.nftType(NFT_MSG_NEWSET)) }
            .map(NetfilterBatchTests.setDefinition)
        #expect(sets.map(\.name) == ["v4", "doh4", "hits4"])
        #expect(
            messages.filter { $0.type == UInt16(NetfilterBatchTests.nftType(NFT_MSG_NEWRULE)) }.count == 2 * (1 + 3 + 4)
        )
    }
}
