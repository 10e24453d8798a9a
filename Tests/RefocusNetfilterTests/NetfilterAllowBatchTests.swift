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
        let allowed = AllowedTraffic(
            owners: [1000: try Self.intervals(["192.0.2.0/24", "2001:db8::7"])],
            nameServers: try Self.intervals(["192.0.2.53"]),
            timeServers: try Self.intervals(["192.0.2.123"]),
            dhcpServers: try Self.intervals(["192.0.2.67", "255.255.255.255", "ff02::1:2"]))
        let batch = try RefocusTableBatch.replacement(for: TableContents(allowed: allowed), firstSequence: 1)
        let messages = try NetfilterBatchTests.messages(of: batch)
        let sets = try messages.filter { $0.type == UInt16(NetfilterBatchTests.nftType(NFT_MSG_NEWSET)) }
            .map(NetfilterBatchTests.setDefinition)
        #expect(
            sets.map(\.name) == [
                "allow1000_4", "allow1000_6", "allowdns4", "allowdns6", "allowntp4", "allowntp6",
                "allowdhcp4", "allowdhcp6",
            ])
        #expect(sets.allSatisfy { $0.flags == NFT_SET_INTERVAL.rawValue })
        let rules = try messages.filter { $0.type == UInt16(NetfilterBatchTests.nftType(NFT_MSG_NEWRULE)) }
            .map { try NetfilterEndpointBatchTests.text(ofRule: $0.bytes) }
        // Output: the jump, the replies' accept; forward: the replies' accept. The owner's chain: loopback,
        // two sets, DNS over UDP and TCP to each family's name servers, NTP and DHCP to each family's
        // servers, mDNS to its two groups, TCP reset, the rest.
        #expect(rules.count == 2 + 1 + (1 + 2 + 4 + 2 + 2 + 2 + 2), "\(rules)")
        #expect(
            rules[0].contains("[ meta load skuid => reg 1 ]") && rules[0].contains("[ cmp eq reg 1 0x000003e8 ]")
                && rules[0].contains("[ immediate reg 0 jump -> allow1000 ]"), "the jump comes first: \(rules[0])")
        #expect(
            rules[1].contains("[ ct load direction => reg 1 ]") && rules[1].contains("[ immediate reg 0 accept ]"),
            "then the replies' accept: \(rules[1])")
        let chain = Array(rules[3...])
        #expect(
            chain[0].contains("[ meta load oif => reg 1 ]") && chain[0].contains("[ immediate reg 0 return ]"),
            "\(chain[0])")
        #expect(
            chain[1].contains("[ lookup reg 1 set allow1000_4 ]")
                && chain[2].contains("[ lookup reg 1 set allow1000_6 ]"))
        #expect(
            chain[3].contains("[ cmp eq reg 1 0x00003500 ]") && chain[3].contains("[ lookup reg 1 set allowdns4 ]"),
            "DNS only to the name servers: \(chain[3])")
        #expect(chain[3...6].allSatisfy { $0.contains("set allowdns") }, "no port 53 to any other address")
        // NTP (123 = 0x007b) and DHCP (67 = 0x0043, DHCPv6 547 = 0x0223), each to its servers only.
        for (index, port, set) in [
            (7, "0x00007b00", "allowntp4"), (8, "0x00007b00", "allowntp6"),
            (9, "0x00004300", "allowdhcp4"), (10, "0x00002302", "allowdhcp6"),
        ] {
            #expect(
                chain[index].contains("[ cmp eq reg 1 \(port) ]")
                    && chain[index].contains("[ lookup reg 1 set \(set) ]"),
                "\(chain[index])")
        }
        // mDNS (5353 = 0x14e9) to 224.0.0.251 and ff02::fb only.
        #expect(
            chain[11].contains("[ cmp eq reg 1 0x0000e914 ]") && chain[11].contains("[ cmp eq reg 1 0xfb0000e0 ]"),
            "\(chain[11])")
        #expect(
            chain[12].contains("[ cmp eq reg 1 0x0000e914 ]")
                && chain[12].contains("0x000002ff 0x00000000 0x00000000 0xfb000000"),
            "\(chain[12])")
        #expect(
            chain[3...12].allSatisfy {
                $0.contains("lookup reg 1 set") || $0.contains("payload load 16b @ network header")
                    || $0.contains("payload load 4b @ network header")
            },
            "every service's rule names its destinations: no port open to any address")
        #expect(chain[13].contains("[ reject type 1 code 0 ]") && chain[14].contains("[ reject type 2 code 3 ]"))
        #expect(chain[14].contains("[ counter"), "every refused packet is counted")
    }

    /// A time server or lease that changes is an update of its set's
    /// elements: the service sets exist whenever an owner does.
    @Test func aNewTimeServerIsAnUpdateNotAReplacement() throws {
        let owners = [UInt32(1000): try Self.intervals(["192.0.2.7"])]
        let before = TableLayout(TableContents(allowed: AllowedTraffic(owners: owners, nameServers: .empty)))
        let after = TableLayout(
            TableContents(
                allowed: AllowedTraffic(
                    owners: owners, nameServers: .empty,
                    timeServers: try Self.intervals(["192.0.2.123"]))))
        let update = try RefocusTableBatch.update(
            from: before, to: after, capacities: before.capacities, firstSequence: 1)
        #expect(NetfilterUpdateBatchTests.kind(update) == "batch")
    }

    @Test func noOwnerNoChain() throws {
        let batch = try RefocusTableBatch.replacement(
            for: TableContents(blocked: try Self.intervals(["192.0.2.9"])),
            firstSequence: 1)
        let chains = try NetfilterBatchTests.messages(of: batch).filter {
            $0.type == UInt16(NetfilterBatchTests.nftType(NFT_MSG_NEWCHAIN))
        }
        #expect(chains.count == 2, "output and forward only")
        let rules = try NetfilterBatchTests.messages(of: batch)
            .filter { $0.type == UInt16(NetfilterBatchTests.nftType(NFT_MSG_NEWRULE)) }
            .map { try NetfilterEndpointBatchTests.text(ofRule: $0.bytes) }
        #expect(!rules.contains { $0.contains("meta load skuid") }, "no jump")
    }
}
