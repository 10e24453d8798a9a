import CNetfilter
import Glibc
import RefocusCore
import Testing

@testable import RefocusNetfilter

/// The nf_tables batches `Nftables` sends, built and read back with libnftnl,
/// without root: message order, the replace pattern, table flags, the four
/// block sets and two hits sets, and set elements split across messages.
@Suite struct NetfilterBatchTests {
    /// One message of a batch: its nf_tables message type and its bytes.
    struct Message {
        let type: UInt16
        let bytes: [UInt8]
    }

    @Test func replacementFollowsTheReplacePattern() throws {
        let intervals = AddressIntervals([
            try AddressRange(parsing: "192.0.2.0/24"), try AddressRange(parsing: "2001:db8::1"),
        ])
        let batch = try RefocusTableBatch.replacement(for: TableContents(blocked: intervals), firstSequence: 100)
        let messages = try Self.messages(of: batch)
        let expected: [Int32] =
            [NFNL_MSG_BATCH_BEGIN]
            + [
                NFT_MSG_NEWTABLE, NFT_MSG_DELTABLE, NFT_MSG_NEWTABLE, NFT_MSG_NEWCHAIN, NFT_MSG_NEWCHAIN,
                NFT_MSG_NEWSET, NFT_MSG_NEWSET, NFT_MSG_NEWSET, NFT_MSG_NEWSET,
            ].map(Self.nftType)
            + Array(repeating: Self.nftType(NFT_MSG_NEWRULE), count: 14)
            + [Self.nftType(NFT_MSG_NEWSETELEM), Self.nftType(NFT_MSG_NEWSETELEM), NFNL_MSG_BATCH_END]
        #expect(messages.map { Int32($0.type) } == expected)
        #expect(batch.acknowledgedSequences == 101...125)
        #expect(batch.operation(for: 101) == "create table inet refocus if absent")
        #expect(batch.operation(for: 103) == "create table inet refocus")
        #expect(try Self.elementCount(messages[24]) == 3, "v4net: 0.0.0.0 end, 192.0.2.0, 192.0.3.0 end")
        #expect(try Self.elementCount(messages[25]) == 1, "v6: 2001:db8::1")

        // The first NEWTABLE carries no flags (it must not touch an existing table); the last sets OWNER|PERSIST.
        #expect(try Self.tableFlags(messages[1]) == nil)
        #expect(try Self.tableFlags(messages[3]) == 0x2 | 0x4)
    }

    @Test func deletionIsOneMessage() throws {
        let messages = try Self.messages(of: try RefocusTableBatch.deletion(firstSequence: 7))
        #expect(
            messages.map { Int32($0.type) } == [
                NFNL_MSG_BATCH_BEGIN, Self.nftType(NFT_MSG_DELTABLE), NFNL_MSG_BATCH_END,
            ])
    }

    @Test func singleAddressesGoToPlainSetsAndRangesToIntervalSets() throws {
        let intervals = AddressIntervals(
            try [
                "192.0.2.1", "192.0.2.3", "10.0.0.0/8", "10.1.2.3", "2001:db8:1::1",
                "2001:db8::/64",
            ].map { try AddressRange(parsing: $0) })
        let messages = try Self.messages(
            of: try RefocusTableBatch.replacement(
                for: TableContents(blocked: intervals),
                firstSequence: 1))
        let sets = try messages.filter { $0.type == UInt16(Self.nftType(NFT_MSG_NEWSET)) }.map(Self.setDefinition)
        #expect(sets.map(\.name) == ["v4", "v4net", "v6", "v6net", "hits4", "hits6"])
        #expect(
            sets.map(\.flags) == [
                0, NFT_SET_INTERVAL.rawValue, 0, NFT_SET_INTERVAL.rawValue,
                NFT_SET_EVAL.rawValue, NFT_SET_EVAL.rawValue,
            ])
        #expect(
            sets.map(\.size) == [18, 19, 17, 19, 65_536, 65_536],
            "a block set's size: its elements and room for 16 more")
        #expect(sets.map(\.keyLength) == [4, 4, 16, 16, 4, 16])
        #expect(
            messages.filter { $0.type == UInt16(Self.nftType(NFT_MSG_NEWRULE)) }.count == 26,
            "2 chains: the replies' accept, then 4 sets, 3 rules each")
    }

    @Test func onlySetsWithElementsAndTheirRulesAreCreated() throws {
        let intervals = AddressIntervals([AddressRange(.v4(0xC000_0201))])
        let messages = try Self.messages(
            of: try RefocusTableBatch.replacement(
                for: TableContents(blocked: intervals),
                firstSequence: 1))
        let sets = try messages.filter { $0.type == UInt16(Self.nftType(NFT_MSG_NEWSET)) }.map(Self.setDefinition)
        #expect(sets.map(\.name) == ["v4", "hits4"], "no IPv6 address, no hits6")
        #expect(messages.filter { $0.type == UInt16(Self.nftType(NFT_MSG_NEWRULE)) }.count == 8)
    }

    @Test func hundredThousandAddressesSplitAcrossElementMessages() throws {
        let intervals = AddressIntervals((0..<100_000).map { AddressRange(.v4(0x0A00_0000 + UInt32($0) * 2)) })
        let batch = try RefocusTableBatch.replacement(for: TableContents(blocked: intervals), firstSequence: 1)
        let elementMessages = try Self.messages(of: batch).filter {
            $0.type == UInt16(Self.nftType(NFT_MSG_NEWSETELEM))
        }
        #expect(elementMessages.count > 1)
        #expect(elementMessages.allSatisfy { $0.bytes.count <= 70_000 }, "each element list fits a netlink attribute")
        let counts = try elementMessages.map(Self.elementCount)
        #expect(counts.reduce(0, +) == 100_000, "one element per address in the plain set v4")
        #expect(batch.byteCount < 64 * 1024 + 100_000 * RefocusTableBatch.bytesPerElement)
    }

    @Test(
        arguments: [
            // No interval starts at zero: an end element at zero comes first.
            (["192.0.2.1"], ["0.0.0.0 end", "192.0.2.1", "192.0.2.2 end"]),
            (["0.0.0.0/8"], ["0.0.0.0", "1.0.0.0 end"]),
            // An interval reaching the last address has no end element.
            (["255.255.255.0/24"], ["0.0.0.0 end", "255.255.255.0"]),
            (["0.0.0.0/1", "128.0.0.0/1"], ["0.0.0.0"]),
            (
                ["::", "ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff"],
                ["::", "::1 end", "ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff"]
            ),
            (["2001:db8::/32"], [":: end", "2001:db8::", "2001:db9:: end"]),
            ([], []),
        ] as [([String], [String])])
    func intervalsEncodeAsNftDoes(_ example: (ranges: [String], elements: [String])) throws {
        let intervals = AddressIntervals(try example.ranges.map { try AddressRange(parsing: $0) })
        let isIPv6 = example.ranges.first?.contains(":") == true
        let elements = SetElement.elements(of: isIPv6 ? intervals.ipv6 : intervals.ipv4, family: isIPv6 ? .ipv6 : .ipv4)
        #expect(elements.map { "\($0.address)" + ($0.endsInterval ? " end" : "") } == example.elements)
        let ranges = isIPv6 ? intervals.ipv6Split.ranges : intervals.ipv4Split.ranges
        #expect(
            Nftables.intervalSetElementCount(for: ranges)
                == SetElement.elements(of: ranges, family: isIPv6 ? .ipv6 : .ipv4).count)
    }

    @Test func errorsNameTheOperationTheCauseAndTheFix() {
        let owned = NftablesError.ownedByAnotherProcess(operation: "replace table inet refocus")
        #expect(owned.category == .notPermitted)
        #expect(owned.description.contains("owned by another process"))
        #expect(
            NftablesError.notPermitted(operation: "look up table inet refocus").description.contains("CAP_NET_ADMIN"))
        let refused = NftablesError.refused(operation: "replace table inet refocus (create set v4)", .notSupported)
        #expect(refused.category == .system)
        #expect(
            refused.description.hasPrefix("cannot replace table inet refocus (create set v4): the kernel refused it"))
    }

    // MARK: - Reading batches back

    static func nftType(_ type: nf_tables_msg_types) -> Int32 {
        Int32(NFNL_SUBSYS_NFTABLES << 8) | Int32(type.rawValue)
    }

    static func messages(of batch: NetlinkBatch) throws -> [Message] {
        try batch.withBytes { bytes in
            var messages: [Message] = []
            var offset = 0
            while offset + MemoryLayout<nlmsghdr>.size <= bytes.count {
                let header = bytes.loadUnaligned(fromByteOffset: offset, as: nlmsghdr.self)
                let length = Int(header.nlmsg_len)
                messages.append(Message(type: header.nlmsg_type, bytes: Array(bytes[offset..<offset + length])))
                offset += (length + 3) & ~3
            }
            return messages
        }
    }

    /// The name, flags, size hint and key length of a NEWSET message.
    static func setDefinition(_ message: Message) throws -> (
        name: String, flags: UInt32, size: UInt32, keyLength: UInt32
    ) {
        let set = try #require(nftnl_set_alloc())
        defer { nftnl_set_free(set) }
        let parsed = message.bytes.withUnsafeBytes { raw in
            nftnl_set_nlmsg_parse(raw.baseAddress?.assumingMemoryBound(to: nlmsghdr.self), set)
        }
        #expect(parsed == 0)
        let name = try #require(nftnl_set_get_str(set, UInt16(NFTNL_SET_NAME.rawValue)))
        return (
            String(cString: name), nftnl_set_get_u32(set, UInt16(NFTNL_SET_FLAGS.rawValue)),
            nftnl_set_get_u32(set, UInt16(NFTNL_SET_DESC_SIZE.rawValue)),
            nftnl_set_get_u32(set, UInt16(NFTNL_SET_KEY_LEN.rawValue))
        )
    }

    /// The flags attribute of a NEWTABLE message, or nil when it has none.
    static func tableFlags(_ message: Message) throws -> UInt32? {
        let table = try #require(nftnl_table_alloc())
        defer { nftnl_table_free(table) }
        let parsed = message.bytes.withUnsafeBytes { raw in
            nftnl_table_nlmsg_parse(raw.baseAddress?.assumingMemoryBound(to: nlmsghdr.self), table)
        }
        #expect(parsed == 0)
        guard nftnl_table_is_set(table, UInt16(NFTNL_TABLE_FLAGS.rawValue)) else { return nil }
        return nftnl_table_get_u32(table, UInt16(NFTNL_TABLE_FLAGS.rawValue))
    }

    /// How many elements a NEWSETELEM message carries: the attributes nested
    /// in its NFTA_SET_ELEM_LIST_ELEMENTS. (libnftnl numbers the nested
    /// elements 1, 2, 3…, which its own parser refuses, so this walks them.)
    static func elementCount(_ message: Message) throws -> Int {
        let attributes = Self.attributes(
            in: message.bytes, from: MemoryLayout<nlmsghdr>.size + MemoryLayout<nfgenmsg>.size,
            to: message.bytes.count)
        let list = try #require(attributes.first { $0.type == UInt16(NFTA_SET_ELEM_LIST_ELEMENTS.rawValue) })
        return Self.attributes(in: message.bytes, from: list.payload.lowerBound, to: list.payload.upperBound).count
    }

    /// The netlink attributes (type without flag bits, payload range) between `start` and `end`.
    static func attributes(in bytes: [UInt8], from start: Int, to end: Int) -> [(type: UInt16, payload: Range<Int>)] {
        var found: [(type: UInt16, payload: Range<Int>)] = []
        var offset = start
        while offset + 4 <= end {
            let length = Int(UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8)
            let type = (UInt16(bytes[offset + 2]) | UInt16(bytes[offset + 3]) << 8) & 0x3fff
            guard length >= 4, offset + length <= end else { break }
            found.append((type, offset + 4..<offset + length))
            offset += (length + 3) & ~3
        }
        return found
    }
}
