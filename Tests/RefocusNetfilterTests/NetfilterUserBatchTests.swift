import CNetfilter
import Glibc
import RefocusCore
import Testing

@testable import RefocusNetfilter

/// What is blocked for some users alone, in the table: per uid the block
/// sets of the machine's kinds (`u<uid>_4`, `u<uid>_4net`, `u<uid>_6`,
/// `u<uid>_6net`, only those with elements) and, in the output chain only,
/// their three rules matched on the user's sockets (`meta skuid`), right
/// after the machine's block rules; built without root and read back with
/// libnftnl.
@Suite struct NetfilterUserBatchTests {
    static func intervals(_ texts: [String]) throws -> AddressIntervals {
        AddressIntervals(try texts.map { try AddressRange(parsing: $0) })
    }

    static func contents(_ users: [UInt32: [String]], blocked: [String] = []) throws -> TableContents {
        TableContents(blocked: try intervals(blocked), userBlocked: try users.mapValues { try intervals($0) })
    }

    static func names(of batch: NetlinkBatch, _ type: nf_tables_msg_types) throws -> [String] {
        try NetfilterBatchTests.messages(of: batch).filter { $0.type == UInt16(NetfilterBatchTests.nftType(type)) }
            .map { try NetfilterBatchTests.setDefinition($0).name }
    }

    @Test func eachUserGetsBlockSetsAndSkuidRulesAfterTheMachinesBlocks() throws {
        let contents = TableContents(
            blocked: try Self.intervals(["203.0.113.9"]),
            userBlocked: [
                1001: try Self.intervals(["198.51.100.5", "2001:db8::/64"]),
                1000: try Self.intervals(["192.0.2.0/28"]),
            ],
            endpoints: try Self.intervals(["8.8.8.8"]))
        let batch = try RefocusTableBatch.replacement(for: contents, firstSequence: 1)
        let messages = try NetfilterBatchTests.messages(of: batch)
        let sets = try messages.filter { $0.type == UInt16(NetfilterBatchTests.nftType(NFT_MSG_NEWSET)) }
            .map(NetfilterBatchTests.setDefinition)
        // Uid order; only the sets with elements; hits6 for user 1001's IPv6 range though the machine has none.
        #expect(sets.map(\.name) == ["v4", "u1000_4net", "u1001_4", "u1001_6net", "doh4", "hits4", "hits6"])
        #expect(sets.first { $0.name == "u1001_4" }?.flags == 0, "single addresses: a plain set, as v4")
        #expect(sets.first { $0.name == "u1000_4net" }?.flags == NFT_SET_INTERVAL.rawValue)
        #expect(sets.first { $0.name == "u1001_4" }?.size == UInt32(RefocusSet.capacity(forElements: 1)), "sized")
        let rules = try messages.filter { $0.type == UInt16(NetfilterBatchTests.nftType(NFT_MSG_NEWRULE)) }
            .map { try NetfilterEndpointBatchTests.text(ofRule: $0.bytes) }
        let output = rules.filter { $0.hasPrefix("inet refocus output\n") }
        let forward = rules.filter { $0.hasPrefix("inet refocus forward\n") }
        #expect(!forward.contains { $0.contains("skuid") }, "a routed packet has no socket here: output only")
        // Output: the replies' accept, v4's three rules, three per user set, the endpoint's four.
        #expect(output.count == 1 + 3 + 3 * 3 + 4, "\(output)")
        #expect(output[0].contains("[ ct load direction => reg 1 ]"))
        #expect(output[1...3].allSatisfy { $0.contains("set v4 ]") && !$0.contains("skuid") }, "the machine's first")
        let users = Array(output[4...12])
        for (index, (uid, set)) in [
            ("0x000003e8", "u1000_4net"), ("0x000003e9", "u1001_4"), ("0x000003e9", "u1001_6net"),
        ]
        .enumerated() {
            for rule in users[(index * 3)..<(index * 3 + 3)] {
                let lines = rule.split(separator: "\n").map(String.init)
                #expect(lines[1] == "  [ meta load skuid => reg 1 ]", "the user's sockets first: \(rule)")
                #expect(lines[2] == "  [ cmp eq reg 1 \(uid) ]", "\(rule)")
                #expect(rule.contains("[ lookup reg 1 set \(set) ]"), "\(rule)")
            }
            let (record, reset, other) = (users[index * 3], users[index * 3 + 1], users[index * 3 + 2])
            #expect(record.contains("[ dynset update reg_key 1 set hits") && !record.contains("reject"), "\(record)")
            #expect(reset.contains("[ cmp eq reg 1 0x00000006 ]") && reset.contains("[ reject type 1 code 0 ]"))
            #expect(reset.contains("[ counter pkts 0 bytes 0 ]"), "counted as the machine's: \(reset)")
            #expect(other.contains("[ reject type 2 code 3 ]") && other.contains("[ counter pkts 0 bytes 0 ]"))
        }
        #expect(users[0].contains("set hits4") && users[6].contains("set hits6"), "each family's hits: \(users[6])")
        #expect(output[13...].allSatisfy { $0.contains("set doh4") }, "the endpoints after the users")
    }

    @Test func noUserNoSkuidAndAUserWithoutAddressesIsNone() throws {
        #expect(TableContents(userBlocked: [1000: .empty]).isEmpty)
        #expect(TableContents(userBlocked: [1000: .empty]).userBlocked.isEmpty)
        #expect(!(try Self.contents([1000: ["192.0.2.7"]])).isEmpty, "a user's address alone makes a table")
        let batch = try RefocusTableBatch.replacement(
            for: try Self.contents([:], blocked: ["192.0.2.9"]), firstSequence: 1)
        #expect(try Self.names(of: batch, NFT_MSG_NEWSET) == ["v4", "hits4"])
        let rules = try NetfilterBatchTests.messages(of: batch)
            .filter { $0.type == UInt16(NetfilterBatchTests.nftType(NFT_MSG_NEWRULE)) }
            .map { try NetfilterEndpointBatchTests.text(ofRule: $0.bytes) }
        #expect(!rules.contains { $0.contains("skuid") })
    }

    /// A schedule for a lab of 500 users, each with an address and a range
    /// of each family: four sets and twelve rules each, in one batch, whose
    /// limit grows with the users' sets (a fixed one overflowed at about 16).
    @Test func fiveHundredUsersFitInOneBatch() throws {
        let users = try Dictionary(
            uniqueKeysWithValues: (0..<500).map { index in
                (
                    UInt32(2000 + index),
                    try Self.intervals([
                        "10.\(index / 250).\(index % 250).1", "10.\(100 + index / 250).\(index % 250).0/24",
                        "2001:db8:\(String(index, radix: 16))::1", "2001:db8:\(String(index, radix: 16)):1::/64",
                    ])
                )
            })
        let batch = try RefocusTableBatch.replacement(for: TableContents(userBlocked: users), firstSequence: 1)
        let messages = try NetfilterBatchTests.messages(of: batch)
        let sets = messages.filter { $0.type == UInt16(NetfilterBatchTests.nftType(NFT_MSG_NEWSET)) }
        let rules = messages.filter { $0.type == UInt16(NetfilterBatchTests.nftType(NFT_MSG_NEWRULE)) }
        #expect(sets.count == 500 * 4 + 2, "every user's four sets and the two hits sets")
        #expect(rules.count == 2 + 500 * 4 * 3, "the replies' accepts, and three rules per user set")
        #expect(batch.byteCount < 64 * 1024 + 500 * 4 * RefocusTableBatch.bytesPerUserSet, "within the budget")
    }

    /// A user who comes or goes, or a set of theirs that appears or goes,
    /// changes the shape (replacement); more or fewer addresses in their
    /// sets are elements only, sent to their set.
    @Test func usersComingOrGoingReplaceNewAddressesUpdate() throws {
        func kind(_ old: [UInt32: [String]], _ new: [UInt32: [String]]) throws -> String {
            let before = TableLayout(try Self.contents(old, blocked: ["203.0.113.9"]))
            return NetfilterUpdateBatchTests.kind(
                try RefocusTableBatch.update(
                    from: before, to: TableLayout(try Self.contents(new, blocked: ["203.0.113.9"])),
                    capacities: before.capacities, firstSequence: 1))
        }
        #expect(try kind([1000: ["192.0.2.7"]], [1000: ["192.0.2.7"]]) == "nothing")
        #expect(try kind([:], [1000: ["192.0.2.7"]]) == "replacement", "a user comes")
        #expect(try kind([1000: ["192.0.2.7"]], [:]) == "replacement", "a user goes")
        #expect(try kind([1000: ["192.0.2.7"]], [1001: ["192.0.2.7"]]) == "replacement", "another user")
        #expect(try kind([1000: ["192.0.2.7"]], [1000: ["192.0.2.7", "2001:db8::7"]]) == "replacement", "a new set")
        #expect(try kind([1000: ["192.0.2.7"]], [1000: ["192.0.2.7", "192.0.2.9"]]) == "batch")
        #expect(
            try kind([1000: ["192.0.2.7"], 1001: ["192.0.2.8"]], [1000: ["192.0.2.7"], 1001: []]) == "replacement")

        let before = TableLayout(
            try Self.contents([1000: ["192.0.2.7"], 1001: ["192.0.2.8"]], blocked: ["203.0.113.9"]))
        let after = TableLayout(
            try Self.contents([1000: ["192.0.2.7"], 1001: ["192.0.2.8", "192.0.2.10"]], blocked: ["203.0.113.9"]))
        let update = try RefocusTableBatch.update(
            from: before, to: after, capacities: before.capacities, firstSequence: 1)
        guard case let .batch(batch, added, deleted) = update else {
            Issue.record("expected a batch, got \(NetfilterUpdateBatchTests.kind(update))")
            return
        }
        #expect(added == 1 && deleted == 0)
        let messages = try NetfilterBatchTests.messages(of: batch)
        let elements = messages.filter { $0.type == UInt16(NetfilterBatchTests.nftType(NFT_MSG_NEWSETELEM)) }
        #expect(elements.count == 1)
        #expect(try elements.map { try Self.setName(ofElements: $0) } == ["u1001_4"], "the user's own set only")
    }

    /// The set a NEWSETELEM or DELSETELEM message names (NFTA_SET_ELEM_LIST_SET).
    static func setName(ofElements message: NetfilterBatchTests.Message) throws -> String {
        let attributes = NetfilterBatchTests.attributes(
            in: message.bytes, from: MemoryLayout<nlmsghdr>.size + MemoryLayout<nfgenmsg>.size,
            to: message.bytes.count)
        let name = try #require(attributes.first { $0.type == UInt16(NFTA_SET_ELEM_LIST_SET.rawValue) })
        return String(decoding: message.bytes[name.payload].prefix { $0 != 0 }, as: UTF8.self)
    }
}
