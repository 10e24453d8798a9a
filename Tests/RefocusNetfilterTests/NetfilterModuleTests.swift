import CNetfilter
import Glibc
import Testing

/// The CNetfilter module: its headers import cleanly beside Glibc's (the
/// include order of its shim), and libnftnl and libmnl link and work: a
/// table message libnftnl builds carries the header, the `nfgenmsg` and the
/// attributes asked for, as libmnl walks them and as libnftnl parses them back.
@Suite struct NetfilterModuleTests {
    @Test(arguments: [("refocus", UInt32?(0x2 | 0x4)), ("refocus_t1234", nil), ("x", 0)])
    func tableMessageReadsBackWithLibmnlAndLibnftnl(name: String, flags: UInt32?) throws {
        let table = try #require(nftnl_table_alloc())
        defer { nftnl_table_free(table) }
        #expect(nftnl_table_set_str(table, UInt16(NFTNL_TABLE_NAME.rawValue), name) == 0)
        nftnl_table_set_u32(table, UInt16(NFTNL_TABLE_FAMILY.rawValue), UInt32(NFPROTO_INET))
        if let flags { nftnl_table_set_u32(table, UInt16(NFTNL_TABLE_FLAGS.rawValue), flags) }

        var buffer = [UInt8](repeating: 0xAA, count: 8192)
        let length = buffer.withUnsafeMutableBytes { raw -> Int in
            guard
                let header = nftnl_nlmsg_build_hdr(
                    raw.baseAddress, UInt16(NFT_MSG_NEWTABLE.rawValue),
                    UInt16(NFPROTO_INET), UInt16(NLM_F_CREATE | NLM_F_ACK), 17)
            else { return 0 }
            nftnl_table_nlmsg_build_payload(header, table)
            return Int(header.pointee.nlmsg_len)
        }
        let message = Array(buffer.prefix(length))
        try #require(length >= MemoryLayout<nlmsghdr>.size + MemoryLayout<nfgenmsg>.size)

        let header = message.withUnsafeBytes { $0.loadUnaligned(as: nlmsghdr.self) }
        #expect(header.nlmsg_type == UInt16(NFNL_SUBSYS_NFTABLES << 8) | UInt16(NFT_MSG_NEWTABLE.rawValue))
        #expect(header.nlmsg_flags == UInt16(NLM_F_REQUEST | NLM_F_CREATE | NLM_F_ACK))
        #expect(header.nlmsg_seq == 17)
        let extra = message.withUnsafeBytes {
            $0.loadUnaligned(fromByteOffset: MemoryLayout<nlmsghdr>.size, as: nfgenmsg.self)
        }
        #expect(extra.nfgen_family == UInt8(NFPROTO_INET))
        #expect(extra.version == UInt8(NFNETLINK_V0))

        // libmnl's walk: the name NUL-terminated, the flags a big-endian u32 present only when set.
        var attributes: [UInt16: [UInt8]] = [:]
        let walked = message.withUnsafeBytes { raw in
            withUnsafeMutablePointer(to: &attributes) { collected in
                mnl_attr_parse(
                    raw.baseAddress?.assumingMemoryBound(to: nlmsghdr.self),
                    UInt32(MemoryLayout<nfgenmsg>.size), collectAttribute, collected)
            }
        }
        #expect(walked == MNL_CB_OK)
        #expect(attributes[UInt16(NFTA_TABLE_NAME.rawValue)] == Array(name.utf8) + [0])
        #expect(
            attributes[UInt16(NFTA_TABLE_FLAGS.rawValue)]
                == flags.map { withUnsafeBytes(of: $0.bigEndian) { Array($0) } })
        #expect(
            Set(attributes.keys).isSubset(of: [UInt16(NFTA_TABLE_NAME.rawValue), UInt16(NFTA_TABLE_FLAGS.rawValue)]))

        // libnftnl's parser gives back the table it was built from.
        let parsed = try #require(nftnl_table_alloc())
        defer { nftnl_table_free(parsed) }
        let status = message.withUnsafeBytes { raw in
            nftnl_table_nlmsg_parse(raw.baseAddress?.assumingMemoryBound(to: nlmsghdr.self), parsed)
        }
        #expect(status == 0)
        #expect(nftnl_table_get_str(parsed, UInt16(NFTNL_TABLE_NAME.rawValue)).map { String(cString: $0) } == name)
        #expect(nftnl_table_get_u32(parsed, UInt16(NFTNL_TABLE_FAMILY.rawValue)) == UInt32(NFPROTO_INET))
        #expect(nftnl_table_is_set(parsed, UInt16(NFTNL_TABLE_FLAGS.rawValue)) == (flags != nil))
        if let flags { #expect(nftnl_table_get_u32(parsed, UInt16(NFTNL_TABLE_FLAGS.rawValue)) == flags) }
    }
}

/// `mnl_attr_parse`'s callback: stores each attribute's payload, by type,
/// in the `[UInt16: [UInt8]]` that `data` points to.
private func collectAttribute(_ attribute: UnsafePointer<nlattr>?, _ data: UnsafeMutableRawPointer?) -> Int32 {
    guard let attribute, let data, let payload = mnl_attr_get_payload(attribute) else { return MNL_CB_ERROR }
    let bytes = UnsafeRawBufferPointer(start: payload, count: Int(mnl_attr_get_payload_len(attribute)))
    data.assumingMemoryBound(to: [UInt16: [UInt8]].self).pointee[mnl_attr_get_type(attribute)] = Array(bytes)
    return MNL_CB_OK
}
