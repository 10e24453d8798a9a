import CNetfilter
import Glibc
import RefocusCore
import Testing

@testable import RefocusNetfilter

/// Daily allowances' sites in the table: a set pair per metered allowance
/// (only the families it has addresses of), and at the end of the output
/// chain a rule per set that matches the owner's sockets, lets one packet
/// per step through and logs it to the meter's group with a prefix naming
/// owner and list; built without root and read back with libnftnl.
@Suite struct NetfilterMeterBatchTests {
    static let video = try! BlockListName("video")

    static func traffic(_ owner: UInt32, _ list: String, _ texts: [String]) throws -> MeteredTraffic {
        MeteredTraffic(
            owner: owner, list: try BlockListName(list),
            addresses: AddressIntervals(try texts.map { try AddressRange(parsing: $0) }))
    }

    @Test func aMeteredAllowanceGetsItsSetsAndALoggingRuleAfterTheBlocks() throws {
        let contents = TableContents(
            blocked: AddressIntervals([try AddressRange(parsing: "203.0.113.9")]),
            metered: [
                try Self.traffic(1001, "video", ["198.51.100.5", "2001:db8::5"]),
                try Self.traffic(1000, "news", ["192.0.2.0/28"]),
            ], meterStep: 60)
        let batch = try RefocusTableBatch.replacement(for: contents, firstSequence: 1)
        let messages = try NetfilterBatchTests.messages(of: batch)
        let sets = try messages.filter { $0.type == UInt16(NetfilterBatchTests.nftType(NFT_MSG_NEWSET)) }
            .map(NetfilterBatchTests.setDefinition)
        // Owner order: 1000's news first; its list has no IPv6 address, so no meter0_6.
        #expect(sets.map(\.name) == ["v4", "meter0_4", "meter1_4", "meter1_6", "hits4"])
        #expect(sets.filter { $0.name.hasPrefix("meter") }.allSatisfy { $0.flags == NFT_SET_INTERVAL.rawValue })
        let rules = try messages.filter { $0.type == UInt16(NetfilterBatchTests.nftType(NFT_MSG_NEWRULE)) }
            .map { try NetfilterEndpointBatchTests.text(ofRule: $0.bytes) }
        let output = rules.filter { $0.hasPrefix("inet refocus output\n") }
        let metering = output.filter { $0.contains("[ log ") }
        #expect(metering.count == 3, "\(output)")
        #expect(Array(output.suffix(3)) == metering, "the metering rules come last: \(output)")
        #expect(
            !rules.filter { $0.hasPrefix("inet refocus forward\n") }.contains { $0.contains("[ log ") }, "output only")
        let first = try #require(metering.first)
        #expect(
            first.contains("[ meta load skuid => reg 1 ]") && first.contains("[ cmp eq reg 1 0x000003e8 ]"), "\(first)")
        #expect(first.contains("[ lookup reg 1 set meter0_4 ]"), "\(first)")
        #expect(first.contains("[ limit rate 1/minute burst 1 type packets flags 0x0 ]"), "\(first)")
        #expect(first.contains("[ log prefix refocus-meter 1000 news group 21062 snaplen 0 qthreshold 1 ]"), "\(first)")
        #expect(metering[2].contains("set meter1_6") && metering[2].contains("prefix refocus-meter 1001 video"))
        #expect(!metering.contains { $0.contains("immediate") }, "no verdict: the packet goes on")
    }

    @Test func aChangedStepOrOwnerReplacesTheTableAndNewAddressesDoNot() throws {
        let before = TableLayout(TableContents(metered: [try Self.traffic(1000, "video", ["198.51.100.5"])]))
        let moreAddresses = TableLayout(
            TableContents(metered: [try Self.traffic(1000, "video", ["198.51.100.5", "198.51.100.6"])]))
        let otherStep = TableLayout(
            TableContents(metered: [try Self.traffic(1000, "video", ["198.51.100.5"])], meterStep: 1))
        let otherOwner = TableLayout(TableContents(metered: [try Self.traffic(1001, "video", ["198.51.100.5"])]))
        let otherList = TableLayout(TableContents(metered: [try Self.traffic(1000, "games", ["198.51.100.5"])]))
        #expect(before.hasTheShape(of: moreAddresses))
        #expect(!before.hasTheShape(of: otherStep))
        #expect(!before.hasTheShape(of: otherOwner))
        #expect(!before.hasTheShape(of: otherList))
    }

    @Test func aMeteredAllowanceWithoutAddressesMakesNoTable() throws {
        #expect(TableContents(metered: [try Self.traffic(1000, "video", [])]).isEmpty)
        #expect(!TableContents(metered: [try Self.traffic(1000, "video", ["192.0.2.1"])]).isEmpty)
    }

    @Test(
        arguments: [
            ("refocus-meter 1000 video", "1000 video"), ("refocus-meter 0 a", "0 a"),
            ("refocus-meter 1000 Video", nil), ("refocus-meter 01000 video", nil), ("refocus-meter 1000 video x", nil),
            ("refocus-meter 1000  video", nil), ("refocus-meter -1 video", nil),
            ("refocus-meter 4294967296 video", nil),
            ("refocus-meter 1000 ../x", nil), ("other 1000 video", nil), ("", nil),
        ] as [(String, String?)])
    func aPrefixIsReadOnlyWhenItIsExactlyOurs(prefix: String, read: String?) {
        let found = MeteredTraffic.allowance(inPrefix: prefix).map { "\($0.owner) \($0.list.rawValue)" }
        #expect(found == read)
        if let found {
            let (owner, list) = (
                UInt32(found.split(separator: " ")[0])!, try! BlockListName(found.split(separator: " ")[1])
            )
            #expect(MeteredTraffic(owner: owner, list: list, addresses: .empty).logPrefix == prefix, "round trip")
        }
    }
}
