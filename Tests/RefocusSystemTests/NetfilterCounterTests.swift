import CNetfilter
import Glibc
import RefocusCore
import Testing

@testable import RefocusSystem

/// The per-element counters of table `inet refocus`, without root: the
/// sets carry a `counter` expression, each rule looks a packet up once,
/// and the kernel's answers (set elements with counters, rules with
/// counters, dumps cut short) are read back as `elementCounters` and
/// `blockedTotal` need.
@Suite struct NetfilterCounterTests {
    @Test func everySetCarriesACounterForItsElements() throws {
        let intervals = AddressIntervals(try ["192.0.2.1", "10.0.0.0/8", "2001:db8::1", "2001:db8:1::/48"]
            .map { try AddressRange(parsing: $0) })
        let messages = try NetfilterBatchTests.messages(of: try RefocusTableBatch.replacement(for: intervals, firstSequence: 1))
        let sets = messages.filter { $0.type == UInt16(NetfilterBatchTests.nftType(NFT_MSG_NEWSET)) }
        #expect(sets.count == 4)
        for message in sets {
            let set = try #require(nftnl_set_alloc())
            defer { nftnl_set_free(set) }
            _ = message.bytes.withUnsafeBytes { raw in
                nftnl_set_nlmsg_parse(raw.baseAddress?.assumingMemoryBound(to: nlmsghdr.self), set)
            }
            var names: [String] = []
            _ = withUnsafeMutablePointer(to: &names) { nftnl_set_expr_foreach(set, appendExpressionName, $0) }
            #expect(names == ["counter"])
        }
    }

    /// The TCP rule matches the protocol before the lookup, so that a
    /// packet matches its element in one rule only and counts once there.
    @Test(arguments: [
        (true, ["meta", "cmp", "meta", "cmp", "payload", "lookup", "counter", "reject"]),
        (false, ["meta", "cmp", "payload", "lookup", "counter", "reject"]),
    ] as [(Bool, [String])])
    func rulesLookUpOnce(_ example: (tcpOnly: Bool, expressions: [String])) throws {
        let (tcpOnly, expressions) = example
        let rule = try RefocusTableBatch.blockingRule(chain: "output", set: .v4, tcpOnly: tcpOnly)
        let message = try Self.message(NFT_MSG_NEWRULE) { rule.writePayload(into: $0) }
        let parsed = try #require(nftnl_rule_alloc())
        defer { nftnl_rule_free(parsed) }
        _ = message.withUnsafeBytes { nftnl_rule_nlmsg_parse($0.baseAddress?.assumingMemoryBound(to: nlmsghdr.self), parsed) }
        var names: [String] = []
        _ = withUnsafeMutablePointer(to: &names) { nftnl_expr_foreach(parsed, appendExpressionName, $0) }
        #expect(names == expressions)
    }

    @Test func ruleReplyAddsItsCounters() throws {
        let rule = try #require(nftnl_rule_alloc())
        defer { nftnl_rule_free(rule) }
        nftnl_rule_set_str(rule, UInt16(NFTNL_RULE_TABLE.rawValue), "refocus")
        nftnl_rule_set_str(rule, UInt16(NFTNL_RULE_CHAIN.rawValue), "output")
        for packets: UInt64 in [40, 2] {
            let counter = try #require(nftnl_expr_alloc("counter"))
            nftnl_expr_set_u64(counter, UInt16(NFTNL_EXPR_CTR_PACKETS), packets)
            nftnl_expr_set_u64(counter, UInt16(NFTNL_EXPR_CTR_BYTES), packets * 60)
            nftnl_rule_add_expr(rule, counter)
        }
        let message = try Self.message(NFT_MSG_NEWRULE) { nftnl_rule_nlmsg_build_payload($0, rule) }
        #expect(try NftRuleReply(parsing: message).packets == 42)
        #expect(throws: NftablesError.self) { try NftRuleReply(parsing: [1, 2, 3]) }
    }

    /// A dump message as the kernel writes it (every element an
    /// NFTA_LIST_ELEM, counters on start elements only) reads back with keys,
    /// end flags and packets.
    @Test func setElementsReplyReadsKeysFlagsAndCounters() throws {
        let elements = [
            SetElementCount(element: SetElement(address: .v4(0), endsInterval: true), packets: nil),
            SetElementCount(element: SetElement(address: .v4(0xC000_0209), endsInterval: false), packets: 7),
            SetElementCount(element: SetElement(address: .v4(0xC000_020B), endsInterval: true), packets: nil),
            SetElementCount(element: SetElement(address: .v6(high: 0x2001_0db8 << 32, low: 1), endsInterval: false), packets: 0),
        ]
        let reply = try NftSetElementsReply(parsing: try Self.kernelElementMessage(elements), set: "v4net")
        #expect(reply.elements == elements)
    }

    @Test(arguments: [
        // Plain set: each element is its own address.
        (false, [("192.0.2.1", false, 3), ("192.0.2.7", false, 0)], ["192.0.2.1...192.0.2.1: 3", "192.0.2.7...192.0.2.7: 0"]),
        // Interval set in the kernel's order: ranges from starts to just before the next element.
        (true, [("192.0.2.64", false, 3), ("192.0.2.128", true, -1), ("192.0.2.9", false, 2), ("192.0.2.11", true, -1),
                ("0.0.0.0", true, -1)], ["192.0.2.9...192.0.2.10: 2", "192.0.2.64...192.0.2.127: 3"]),
        // The last range runs to the family's end; one without a counter is left out.
        (true, [("0.0.0.0", true, -1), ("10.0.0.0", false, -1), ("11.0.0.0", true, -1), ("255.255.255.0", false, 4)],
         ["255.255.255.0...255.255.255.255: 4"]),
        (true, [("::", false, 1), ("::2", true, -1)], ["::...::1: 1"]),
    ] as [(Bool, [(String, Bool, Int)], [String])])
    func elementsBecomeTheirIntervals(_ example: (isInterval: Bool, listed: [(String, Bool, Int)], expected: [String])) throws {
        let (isInterval, listed, expected) = example
        let counts = try listed.map { address, ends, packets in
            SetElementCount(element: SetElement(address: try IPAddress(parsing: address), endsInterval: ends),
                            packets: packets < 0 ? nil : UInt64(packets))
        }
        let family: AddressFamily = listed.first?.0.contains(":") == true ? .ipv6 : .ipv4
        let set = RefocusSet(name: "s", id: 1, family: family, isInterval: isInterval)
        let result = SetElementCount.packetsByInterval(counts, in: set)
        #expect(result.sorted { $0.key.lowerBound < $1.key.lowerBound }.map { "\($0.key): \($0.value)" } == expected)
    }

    /// Whatever `apply` writes into an interval set reads back as exactly the intervals it was given.
    @Test func intervalSetElementsReadBackAsTheIntervals() throws {
        for ranges in [["0.0.0.0/8", "192.0.2.9", "192.0.2.10", "255.255.255.0/24"], ["10.0.0.0/8", "10.1.0.0/16"],
                       ["::/127", "2001:db8::/32", "ffff:ffff:ffff:ffff:ffff:ffff:ffff:fff0/124"]] {
            let intervals = AddressIntervals(try ranges.map { try AddressRange(parsing: $0) })
            let isIPv6 = ranges[0].contains(":")
            let given = isIPv6 ? intervals.ipv6 : intervals.ipv4
            let elements = SetElement.elements(of: given, family: isIPv6 ? .ipv6 : .ipv4)
            let counts = elements.reversed().map { SetElementCount(element: $0, packets: $0.endsInterval ? nil : 1) }
            let result = SetElementCount.packetsByInterval(counts, in: isIPv6 ? .v6net : .v4net)
            #expect(Set(result.keys) == Set(given), "\(ranges)")
        }
    }

    /// A dump the kernel marks interrupted is read to its end and then
    /// reported (EINTR); an error in NLMSG_DONE too; other sequence numbers are ignored.
    @Test func dumpFailuresAreNotedAndTheRestIsRead() throws {
        var datagram = Self.netlinkMessage(type: UInt16(NetfilterBatchTests.nftType(NFT_MSG_NEWSETELEM)),
                                           flags: UInt16(NLM_F_MULTI | NLM_F_DUMP_INTR), sequence: 7)
            + Self.netlinkMessage(type: UInt16(NetfilterBatchTests.nftType(NFT_MSG_NEWSETELEM)), flags: UInt16(NLM_F_MULTI), sequence: 8)
            + Self.netlinkMessage(type: UInt16(NLMSG_DONE), flags: UInt16(NLM_F_MULTI | NLM_F_DUMP_INTR), sequence: 7, status: 0)
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

        var failed = Self.netlinkMessage(type: UInt16(NLMSG_DONE), flags: UInt16(NLM_F_MULTI), sequence: 3, status: -ENOBUFS)
        var done = NetlinkDataMessages(sequence: 3)
        failed.withUnsafeMutableBytes { done.noteDumpFailures(in: $0, length: $0.count) }
        #expect(done.failure == .noBufferSpace)
        var other = NetlinkDataMessages(sequence: 4)
        failed.withUnsafeMutableBytes { other.noteDumpFailures(in: $0, length: $0.count) }
        #expect(other.failure == nil)
    }

    // MARK: - Messages

    /// One nf_tables message of `type` for family `inet` whose payload `write` writes.
    static func message(_ type: nf_tables_msg_types,
                        write: (UnsafeMutablePointer<nlmsghdr>) -> Void) throws -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        let length = buffer.withUnsafeMutableBytes { raw -> Int in
            guard let header = nftnl_nlmsg_build_hdr(raw.baseAddress?.assumingMemoryBound(to: CChar.self),
                                                     UInt16(type.rawValue), UInt16(NFPROTO_INET), 0, 1)
            else { return 0 }
            write(header)
            return Int(header.pointee.nlmsg_len)
        }
        try #require(length > 0)
        return Array(buffer.prefix(length))
    }

    /// A NEWSETELEM message of set `v4net` as the kernel dumps it.
    static func kernelElementMessage(_ elements: [SetElementCount]) throws -> [UInt8] {
        try message(NFT_MSG_NEWSETELEM) { header in
            mnl_attr_put_strz(header, UInt16(NFTA_SET_ELEM_LIST_TABLE.rawValue), "refocus")
            mnl_attr_put_strz(header, UInt16(NFTA_SET_ELEM_LIST_SET.rawValue), "v4net")
            let list = mnl_attr_nest_start(header, UInt16(NFTA_SET_ELEM_LIST_ELEMENTS.rawValue))
            for item in elements {
                let element = mnl_attr_nest_start(header, UInt16(NFTA_LIST_ELEM.rawValue))
                let key = mnl_attr_nest_start(header, UInt16(NFTA_SET_ELEM_KEY.rawValue))
                let bytes = item.element.address.bytes
                mnl_attr_put(header, UInt16(NFTA_DATA_VALUE.rawValue), bytes.count, bytes)
                mnl_attr_nest_end(header, key)
                if item.element.endsInterval {
                    mnl_attr_put_u32(header, UInt16(NFTA_SET_ELEM_FLAGS.rawValue), NFT_SET_ELEM_INTERVAL_END.rawValue.bigEndian)
                }
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

    /// A bare netlink message: a header and, with `status`, the int NLMSG_DONE carries.
    static func netlinkMessage(type: UInt16, flags: UInt16, sequence: UInt32, status: Int32? = nil) -> [UInt8] {
        let payload = status.map { withUnsafeBytes(of: $0) { Array($0) } } ?? [0, 0, 0, 0]
        var header = nlmsghdr(nlmsg_len: UInt32(MemoryLayout<nlmsghdr>.size + payload.count), nlmsg_type: type,
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
