import CNetfilter
import Glibc
import Testing

@testable import RefocusNetfilter

/// The nftables event reader and the GETTABLE answer parser, fed netlink
/// messages built in memory with libmnl, without root: own and foreign
/// transactions, which messages touch table `inet refocus`, transactions
/// split across datagrams, and notifications whose transaction end was lost.
@Suite struct NftEventReaderTests {
    static let ownPort: UInt32 = 7
    static let nftPort: UInt32 = 9

    @Test func ownTransactionIsCountedNotReported() {
        let batch = Self.read([
            [
                Self.object(NFT_MSG_NEWTABLE, table: "refocus", port: Self.ownPort),
                Self.generation(id: 3, port: Self.ownPort, pid: 100, name: "refocus-helper"),
            ]
        ])
        #expect(batch.ownGenerationCount == 1)
        #expect(batch.foreignGenerations.isEmpty)
        #expect(!batch.needsTableCheck)
        #expect(!batch.isEmpty)
    }

    @Test func foreignTransactionCarriesItsProcess() {
        let batch = Self.read([
            [
                Self.object(NFT_MSG_NEWTABLE, table: "other", port: Self.nftPort),
                Self.generation(id: 5, port: Self.nftPort, pid: 1234, name: "nft"),
            ]
        ])
        #expect(
            batch.foreignGenerations == [
                NftGeneration(
                    id: 5, portID: Self.nftPort, processID: 1234,
                    processName: "nft", touchesRefocusTable: false)
            ])
        #expect(batch.hasForeignChange)
        #expect(!batch.foreignChangeTouchedTable)
        #expect(!batch.needsTableCheck)
    }

    /// Any object of table `refocus` in family `inet` counts; the same name in another family or another name does not.
    @Test(arguments: [
        (NFT_MSG_DELTABLE, UInt8(NFPROTO_INET), "refocus", true),
        (NFT_MSG_NEWCHAIN, UInt8(NFPROTO_INET), "refocus", true),
        (NFT_MSG_DELRULE, UInt8(NFPROTO_INET), "refocus", true),
        (NFT_MSG_DELSET, UInt8(NFPROTO_INET), "refocus", true),
        (NFT_MSG_DELSETELEM, UInt8(NFPROTO_INET), "refocus", true),
        (NFT_MSG_DELTABLE, UInt8(NFPROTO_IPV4), "refocus", false),
        (NFT_MSG_DELTABLE, UInt8(NFPROTO_INET), "refocus2", false),
        (NFT_MSG_DELSETELEM, UInt8(NFPROTO_INET), "other", false),
    ])
    func touchesOnlyInetRefocus(type: nf_tables_msg_types, family: UInt8, table: String, touches: Bool) {
        let batch = Self.read([
            [
                Self.object(type, family: family, table: table, port: Self.nftPort),
                Self.generation(id: 8, port: Self.nftPort, pid: 1, name: "nft"),
            ]
        ])
        #expect(batch.foreignGenerations.map(\.touchesRefocusTable) == [touches])
        #expect(batch.needsTableCheck == touches)
    }

    @Test func transactionSpanningDatagramsAndDrainsIsWhole() {
        var reader = NftEventReader(ownPortIDs: [Self.ownPort])
        var first = NftMonitorBatch()
        Self.read([Self.object(NFT_MSG_DELSETELEM, table: "refocus", port: Self.nftPort)], with: &reader, into: &first)
        #expect(first.isEmpty)
        var second = NftMonitorBatch()
        Self.read([Self.generation(id: 9, port: Self.nftPort, pid: 2, name: "nft")], with: &reader, into: &second)
        #expect(second.foreignGenerations.map(\.touchesRefocusTable) == [true])
    }

    /// Our own transaction's element messages whose NEWGEN was lost must not
    /// make the next foreign transaction, on another table, look like it touched ours.
    @Test func messagesOfALostTransactionAreNotBlamedOnTheNextOne() {
        let batch = Self.read([
            [Self.object(NFT_MSG_NEWSETELEM, table: "refocus", port: Self.ownPort)],
            [
                Self.object(NFT_MSG_NEWTABLE, table: "after", port: Self.nftPort),
                Self.generation(id: 20, port: Self.nftPort, pid: 3, name: "nft"),
            ],
            [Self.generation(id: 21, port: Self.nftPort, pid: 3, name: "nft")],
        ])
        #expect(batch.foreignGenerations.map(\.touchesRefocusTable) == [false, false])
    }

    @Test func discardPendingForgetsAnUnfinishedTransaction() {
        var reader = NftEventReader(ownPortIDs: [])
        var batch = NftMonitorBatch()
        Self.read([Self.object(NFT_MSG_DELTABLE, table: "refocus", port: Self.nftPort)], with: &reader, into: &batch)
        reader.discardPending()
        Self.read([Self.generation(id: 4, port: Self.nftPort, pid: 5, name: "nft")], with: &reader, into: &batch)
        #expect(batch.foreignGenerations.map(\.touchesRefocusTable) == [false])
    }

    @Test func ignoresOtherSubsystemsAndGenerationsWithoutAnID() {
        var conntrack = Self.object(NFT_MSG_NEWTABLE, table: "refocus", port: Self.nftPort)
        conntrack.withUnsafeMutableBytes { raw in
            raw.baseAddress?.assumingMemoryBound(to: nlmsghdr.self).pointee.nlmsg_type =
                UInt16(NFNL_SUBSYS_CTNETLINK) << 8
        }
        let batch = Self.read([[conntrack, Self.message(NFT_MSG_NEWGEN, port: Self.nftPort)]])
        #expect(batch.isEmpty)
    }

    @Test func readsWholeMessagesOfACutDatagramOnly() {
        let whole = Self.generation(id: 30, port: Self.nftPort, pid: 6, name: "nft")
        let cut = Array(Self.generation(id: 31, port: Self.nftPort, pid: 6, name: "nft").prefix(20))
        let batch = Self.read([[whole, cut]])
        #expect(batch.foreignGenerations.map(\.id) == [30])
    }

    @Test func overflowAloneAsksForACheck() {
        var batch = NftMonitorBatch()
        batch.overflowed = true
        #expect(batch.needsTableCheck)
        #expect(!batch.hasForeignChange)
        #expect(!batch.isEmpty)
    }

    @Test func tableReplyReadsFlagsAndOwner() throws {
        let owned = try NftTableReply(parsing: Self.table(flags: NftTable.ownerFlag | NftTable.persistFlag, owner: 42))
        #expect(owned.isOwned)
        #expect(owned.owner == 42)
        let orphan = try NftTableReply(parsing: Self.table(flags: NftTable.persistFlag, owner: nil))
        #expect(!orphan.isOwned)
        #expect(orphan.owner == nil)
        #expect(throws: NftablesError.self) { try NftTableReply(parsing: [1, 2, 3]) }
    }

    // MARK: - Messages built with libmnl

    /// Reads `datagrams` (each a list of messages sent together) with a fresh reader whose own port is `ownPort`.
    static func read(_ datagrams: [[[UInt8]]]) -> NftMonitorBatch {
        var reader = NftEventReader(ownPortIDs: [ownPort])
        var batch = NftMonitorBatch()
        for datagram in datagrams { read(datagram, with: &reader, into: &batch) }
        return batch
    }

    static func read(_ messages: [[UInt8]], with reader: inout NftEventReader, into batch: inout NftMonitorBatch) {
        let datagram = messages.flatMap { $0 }
        datagram.withUnsafeBytes { raw in reader.read(raw, into: &batch) }
    }

    /// A NEWGEN as the kernel sends it at the end of a transaction.
    static func generation(id: UInt32, port: UInt32, pid: UInt32, name: String) -> [UInt8] {
        message(
            NFT_MSG_NEWGEN, port: port,
            numbers: [(UInt16(NFTA_GEN_ID.rawValue), id), (UInt16(NFTA_GEN_PROC_PID.rawValue), pid)],
            strings: [(UInt16(NFTA_GEN_PROC_NAME.rawValue), name)])
    }

    /// An object message naming `table` with the attribute the kernel uses for `type`.
    static func object(
        _ type: nf_tables_msg_types, family: UInt8 = UInt8(NFPROTO_INET), table: String,
        port: UInt32
    ) -> [UInt8] {
        let attribute: UInt32 =
            switch type {
            case NFT_MSG_NEWTABLE, NFT_MSG_DELTABLE: NFTA_TABLE_NAME.rawValue
            case NFT_MSG_NEWCHAIN, NFT_MSG_DELCHAIN: NFTA_CHAIN_TABLE.rawValue
            case NFT_MSG_NEWRULE, NFT_MSG_DELRULE: NFTA_RULE_TABLE.rawValue
            case NFT_MSG_NEWSET, NFT_MSG_DELSET: NFTA_SET_TABLE.rawValue
            default: NFTA_SET_ELEM_LIST_TABLE.rawValue
            }
        return message(type, family: family, port: port, strings: [(UInt16(attribute), table)])
    }

    /// A GETTABLE answer for table `refocus` with `flags` and, when given, an owner.
    static func table(flags: UInt32, owner: UInt32?) -> [UInt8] {
        message(
            NFT_MSG_NEWTABLE, port: 0,
            numbers: [(UInt16(NFTA_TABLE_FLAGS.rawValue), flags)]
                + (owner.map { [(UInt16(NFTA_TABLE_OWNER.rawValue), $0)] } ?? []),
            strings: [(UInt16(NFTA_TABLE_NAME.rawValue), "refocus")])
    }

    /// One nf_tables message of `type` from `port`, with big-endian u32 and string attributes.
    static func message(
        _ type: nf_tables_msg_types, family: UInt8 = UInt8(NFPROTO_INET), port: UInt32,
        numbers: [(UInt16, UInt32)] = [], strings: [(UInt16, String)] = []
    ) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let length = buffer.withUnsafeMutableBytes { raw -> Int in
            guard let header = mnl_nlmsg_put_header(raw.baseAddress),
                let extra = mnl_nlmsg_put_extra_header(header, MemoryLayout<nfgenmsg>.size)
            else { return 0 }
            header.pointee.nlmsg_type = UInt16(NFNL_SUBSYS_NFTABLES) << 8 | UInt16(type.rawValue)
            header.pointee.nlmsg_pid = port
            extra.storeBytes(
                of: nfgenmsg(nfgen_family: family, version: UInt8(NFNETLINK_V0), res_id: 0), as: nfgenmsg.self)
            for (attribute, value) in numbers { mnl_attr_put_u32(header, attribute, value.bigEndian) }
            for (attribute, text) in strings { mnl_attr_put_strz(header, attribute, text) }
            return Int(header.pointee.nlmsg_len)
        }
        return Array(buffer.prefix(length))
    }
}
