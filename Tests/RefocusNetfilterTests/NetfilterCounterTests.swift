import CNetfilter
import Glibc
import RefocusCore
import Testing

@testable import RefocusNetfilter

/// The counters of table `inet refocus`, without root: the block sets
/// carry none, the hits sets a `counter` for every element the rules add;
/// each block set's rules record the destination in its own rule, then
/// reject; and the kernel's answers (set elements with counters, rules
/// with counters, dumps cut short) are read back as `hitCounters` and
/// `blockedTotal` need.
@Suite struct NetfilterCounterTests {
    @Test func onlyTheHitsSetsCarryACounter() throws {
        let intervals = AddressIntervals(
            try ["192.0.2.1", "10.0.0.0/8", "2001:db8::1", "2001:db8:1::/48"]
                .map { try AddressRange(parsing: $0) })
        let batch = try RefocusTableBatch.replacement(for: TableContents(blocked: intervals), firstSequence: 1)
        let messages = try NetfilterBatchTests.messages(of: batch)
        var expressions: [String: [String]] = [:]
        for message in messages where message.type == UInt16(NetfilterBatchTests.nftType(NFT_MSG_NEWSET)) {
            let set = try #require(nftnl_set_alloc())
            defer { nftnl_set_free(set) }
            _ = message.bytes.withUnsafeBytes { raw in
                nftnl_set_nlmsg_parse(raw.baseAddress?.assumingMemoryBound(to: nlmsghdr.self), set)
            }
            let name = String(cString: try #require(nftnl_set_get_str(set, UInt16(NFTNL_SET_NAME.rawValue))))
            var names: [String] = []
            _ = withUnsafeMutablePointer(to: &names) { nftnl_set_expr_foreach(set, appendExpressionName, $0) }
            expressions[name] = names
        }
        #expect(
            expressions == ["v4": [], "v4net": [], "v6": [], "v6net": [], "hits4": ["counter"], "hits6": ["counter"]])
    }

    /// Per block set: the update in a rule without a verdict (a full hits
    /// set ends that rule only), then the TCP rule, which matches the
    /// protocol before the lookup, then the rule for anything else; only
    /// the reject rules count.
    @Test func eachBlockSetRecordsThenRejects() throws {
        let intervals = AddressIntervals([try AddressRange(parsing: "192.0.2.1")])
        let batch = try RefocusTableBatch.replacement(for: TableContents(blocked: intervals), firstSequence: 1)
        let messages = try NetfilterBatchTests.messages(of: batch)
        let rules = try messages.filter { $0.type == UInt16(NetfilterBatchTests.nftType(NFT_MSG_NEWRULE)) }
            .map { try Self.expressionNames(ofRule: $0.bytes) }
        let forOneSet = [
            ["meta", "cmp", "payload", "lookup", "payload", "dynset"],
            ["meta", "cmp", "meta", "cmp", "payload", "lookup", "counter", "reject"],
            ["meta", "cmp", "payload", "lookup", "counter", "reject"],
        ]
        let replies = ["ct", "cmp", "immediate"]
        #expect(rules == [replies] + forOneSet + [replies] + forOneSet, "chains output and forward")
    }

    /// The update adds register 1, the destination, to the hits set of the
    /// block set's family, found by name and by its batch-local id.
    @Test(arguments: [(RefocusSet.v4net, "hits4", UInt32(5)), (RefocusSet.v6, "hits6", UInt32(6))])
    func recordingRuleUpdatesItsFamilysHitsSet(_ example: (set: RefocusSet, hits: String, id: UInt32)) throws {
        let rule = try RefocusTableBatch.recordingRule(chain: "output", set: example.set)
        let message = try Self.message(NFT_MSG_NEWRULE) { rule.writePayload(into: $0) }
        let parsed = try #require(nftnl_rule_alloc())
        defer { nftnl_rule_free(parsed) }
        _ = message.withUnsafeBytes {
            nftnl_rule_nlmsg_parse($0.baseAddress?.assumingMemoryBound(to: nlmsghdr.self), parsed)
        }
        var dynset: DynsetFields?
        _ = withUnsafeMutablePointer(to: &dynset) { nftnl_expr_foreach(parsed, readDynset, $0) }
        let fields = try #require(dynset)
        #expect(fields.set == example.hits)
        #expect(fields.setID == example.id)
        #expect(fields.operation == UInt32(NFT_DYNSET_OP_UPDATE.rawValue))
        #expect(fields.keyRegister == NFT_REG_1.rawValue)
        #expect(!fields.hasTimeout, "nft sends none; the kernel refuses one on a set without timeouts")
    }

    @Test func ruleReplyAddsItsCounters() throws {
        #expect(try NftRuleReply(parsing: try Self.kernelRuleMessage(counting: [40, 2])).packets == 42)
        #expect(throws: NftablesError.self) { try NftRuleReply(parsing: [1, 2, 3]) }
    }

    /// A dump message as the kernel writes it (every element an
    /// NFTA_LIST_ELEM with its counter) reads back with keys and packets;
    /// an element without a counter has none.
    @Test func setElementsReplyReadsKeysAndCounters() throws {
        let elements = [
            SetElementCount(address: .v4(0xC000_0209), packets: 7),
            SetElementCount(address: .v4(0xC000_020B), packets: nil),
            SetElementCount(address: .v6(high: 0x2001_0db8 << 32, low: 1), packets: 1),
        ]
        let reply = try NftSetElementsReply(parsing: try Self.kernelElementMessage(elements), set: "hits4")
        #expect(reply.elements == elements)
        #expect(throws: NftablesError.self) { try NftSetElementsReply(parsing: [1, 2, 3], set: "hits4") }
    }

    /// A dump the kernel marks interrupted is read to its end and then
    /// reported (EINTR); an error in NLMSG_DONE too; other sequence numbers are ignored.
    @Test func dumpFailuresAreNotedAndTheRestIsRead() throws {
        var datagram =
            Self.netlinkMessage(
                type: UInt16(NetfilterBatchTests.nftType(NFT_MSG_NEWSETELEM)),
                flags: UInt16(NLM_F_MULTI | NLM_F_DUMP_INTR), sequence: 7)
            + Self.netlinkMessage(
                type: UInt16(NetfilterBatchTests.nftType(NFT_MSG_NEWSETELEM)), flags: UInt16(NLM_F_MULTI), sequence: 8)
            + Self.netlinkMessage(
                type: UInt16(NLMSG_DONE), flags: UInt16(NLM_F_MULTI | NLM_F_DUMP_INTR), sequence: 7, status: 0)
        var collected = NetlinkDataMessages(sequence: 7)
        let stop = datagram.withUnsafeMutableBytes { raw in
            collected.noteDumpFailures(in: raw, length: raw.count)
            return withUnsafeMutablePointer(to: &collected) { pointer in
                mnl_cb_run(raw.baseAddress, raw.count, 0, 0, collectNetlinkDataMessage, pointer)
            }
        }
        #expect(stop == MNL_CB_STOP, "the marks are cleared, so libmnl reads on to NLMSG_DONE")
        #expect(collected.failure == .interrupted)
        #expect(collected.messages.count == 1, "the message numbered 8 is another request's")

        var failed = Self.netlinkMessage(
            type: UInt16(NLMSG_DONE), flags: UInt16(NLM_F_MULTI), sequence: 3, status: -ENOBUFS)
        var done = NetlinkDataMessages(sequence: 3)
        failed.withUnsafeMutableBytes { done.noteDumpFailures(in: $0, length: $0.count) }
        #expect(done.failure == .noBufferSpace)
        var other = NetlinkDataMessages(sequence: 4)
        failed.withUnsafeMutableBytes { other.noteDumpFailures(in: $0, length: $0.count) }
        #expect(other.failure == nil)
    }

    // MARK: - Messages

    /// One nf_tables message of `type` for family `inet` whose payload `write` writes.
    static func message(
        _ type: nf_tables_msg_types,
        write: (UnsafeMutablePointer<nlmsghdr>) -> Void
    ) throws -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        let length = buffer.withUnsafeMutableBytes { raw -> Int in
            guard
                let header = nftnl_nlmsg_build_hdr(
                    raw.baseAddress?.assumingMemoryBound(to: CChar.self),
                    UInt16(type.rawValue), UInt16(NFPROTO_INET), 0, 1)
            else { return 0 }
            write(header)
            return Int(header.pointee.nlmsg_len)
        }
        try #require(length > 0)
        return Array(buffer.prefix(length))
    }

    /// A NEWRULE message of chain `output` as the kernel dumps it, with a
    /// `counter` expression for each of `packets`.
    static func kernelRuleMessage(counting packets: [UInt64]) throws -> [UInt8] {
        let rule = try #require(nftnl_rule_alloc())
        defer { nftnl_rule_free(rule) }
        nftnl_rule_set_str(rule, UInt16(NFTNL_RULE_TABLE.rawValue), "refocus")
        nftnl_rule_set_str(rule, UInt16(NFTNL_RULE_CHAIN.rawValue), "output")
        for count in packets {
            let counter = try #require(nftnl_expr_alloc("counter"))
            nftnl_expr_set_u64(counter, UInt16(NFTNL_EXPR_CTR_PACKETS), count)
            nftnl_expr_set_u64(counter, UInt16(NFTNL_EXPR_CTR_BYTES), count * 60)
            nftnl_rule_add_expr(rule, counter)
        }
        return try message(NFT_MSG_NEWRULE) { nftnl_rule_nlmsg_build_payload($0, rule) }
    }

    /// A NEWSETELEM message of set `hits4` as the kernel dumps it.
    static func kernelElementMessage(_ elements: [SetElementCount]) throws -> [UInt8] {
        try message(NFT_MSG_NEWSETELEM) { header in
            mnl_attr_put_strz(header, UInt16(NFTA_SET_ELEM_LIST_TABLE.rawValue), "refocus")
            mnl_attr_put_strz(header, UInt16(NFTA_SET_ELEM_LIST_SET.rawValue), "hits4")
            let list = mnl_attr_nest_start(header, UInt16(NFTA_SET_ELEM_LIST_ELEMENTS.rawValue))
            for item in elements {
                let element = mnl_attr_nest_start(header, UInt16(NFTA_LIST_ELEM.rawValue))
                let key = mnl_attr_nest_start(header, UInt16(NFTA_SET_ELEM_KEY.rawValue))
                let bytes = item.address.bytes
                mnl_attr_put(header, UInt16(NFTA_DATA_VALUE.rawValue), bytes.count, bytes)
                mnl_attr_nest_end(header, key)
                if let packets = item.packets {
                    let expression = mnl_attr_nest_start(header, UInt16(NFTA_SET_ELEM_EXPR.rawValue))
                    mnl_attr_put_strz(header, UInt16(NFTA_EXPR_NAME.rawValue), "counter")
                    let data = mnl_attr_nest_start(header, UInt16(NFTA_EXPR_DATA.rawValue))
                    mnl_attr_put_u64(header, UInt16(NFTA_COUNTER_BYTES.rawValue), (packets * 60).bigEndian)
                    mnl_attr_put_u64(header, UInt16(NFTA_COUNTER_PACKETS.rawValue), packets.bigEndian)
                    mnl_attr_nest_end(header, data)
                    mnl_attr_nest_end(header, expression)
                }
                mnl_attr_nest_end(header, element)
            }
            mnl_attr_nest_end(header, list)
        }
    }

    /// The names of the expressions of the NEWRULE message `bytes`, in order.
    static func expressionNames(ofRule bytes: [UInt8]) throws -> [String] {
        let rule = try #require(nftnl_rule_alloc())
        defer { nftnl_rule_free(rule) }
        _ = bytes.withUnsafeBytes {
            nftnl_rule_nlmsg_parse($0.baseAddress?.assumingMemoryBound(to: nlmsghdr.self), rule)
        }
        var names: [String] = []
        _ = withUnsafeMutablePointer(to: &names) { nftnl_expr_foreach(rule, appendExpressionName, $0) }
        return names
    }

    /// A bare netlink message: a header and, with `status`, the int NLMSG_DONE carries.
    static func netlinkMessage(type: UInt16, flags: UInt16, sequence: UInt32, status: Int32? = nil) -> [UInt8] {
        let payload = status.map { withUnsafeBytes(of: $0) { Array($0) } } ?? [0, 0, 0, 0]
        var header = nlmsghdr(
            nlmsg_len: UInt32(MemoryLayout<nlmsghdr>.size + payload.count), nlmsg_type: type,
            nlmsg_flags: flags, nlmsg_seq: sequence, nlmsg_pid: 0)
        return withUnsafeBytes(of: &header) { Array($0) } + payload
    }
}

/// libnftnl's expression callback: appends the expression's name to the `[String]` that `data` points to.
private func appendExpressionName(_ expression: OpaquePointer?, _ data: UnsafeMutableRawPointer?) -> Int32 {
    guard let expression, let data, let name = nftnl_expr_get_str(expression, UInt16(NFTNL_EXPR_NAME)) else { return 0 }
    data.assumingMemoryBound(to: [String].self).pointee.append(String(cString: name))
    return 0
}

/// What a rule's `dynset` expression says.
private struct DynsetFields {
    let set: String?
    let setID: UInt32
    let operation: UInt32
    let keyRegister: UInt32
    let hasTimeout: Bool
}

/// libnftnl's expression callback: reads the rule's `dynset` into the `DynsetFields?` that `data` points to.
private func readDynset(_ expression: OpaquePointer?, _ data: UnsafeMutableRawPointer?) -> Int32 {
    guard let expression, let data, let name = nftnl_expr_get_str(expression, UInt16(NFTNL_EXPR_NAME)),
        String(cString: name) == "dynset"
    else { return 0 }
    data.assumingMemoryBound(to: DynsetFields?.self).pointee = DynsetFields(
        set: nftnl_expr_get_str(expression, UInt16(NFTNL_EXPR_DYNSET_SET_NAME)).map { String(cString: $0) },
        setID: nftnl_expr_get_u32(expression, UInt16(NFTNL_EXPR_DYNSET_SET_ID)),
        operation: nftnl_expr_get_u32(expression, UInt16(NFTNL_EXPR_DYNSET_OP)),
        keyRegister: nftnl_expr_get_u32(expression, UInt16(NFTNL_EXPR_DYNSET_SREG_KEY)),
        hasTimeout: nftnl_expr_is_set(expression, UInt16(NFTNL_EXPR_DYNSET_TIMEOUT)))
    return 0
}
