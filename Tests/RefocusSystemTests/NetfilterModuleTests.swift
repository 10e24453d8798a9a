import CNetfilter
import Glibc
import Testing

/// The CNetfilter module: its headers import cleanly beside Glibc's (the
/// include order of its shim) and libnftnl and libmnl link and work.
@Suite struct NetfilterModuleTests {
    @Test func buildsATableMessageWithLibnftnl() throws {
        let table = try #require(nftnl_table_alloc())
        defer { nftnl_table_free(table) }
        nftnl_table_set_str(table, UInt16(NFTNL_TABLE_NAME.rawValue), "refocus")
        nftnl_table_set_u32(table, UInt16(NFTNL_TABLE_FAMILY.rawValue), UInt32(NFPROTO_INET))
        #expect(String(cString: nftnl_table_get_str(table, UInt16(NFTNL_TABLE_NAME.rawValue))) == "refocus")

        var buffer = [UInt8](repeating: 0, count: 8192)
        let length = buffer.withUnsafeMutableBytes { raw -> Int in
            guard let header = nftnl_nlmsg_build_hdr(raw.baseAddress, UInt16(NFT_MSG_NEWTABLE.rawValue),
                                                     UInt16(NFPROTO_INET), UInt16(NLM_F_CREATE | NLM_F_ACK), 1)
            else { return 0 }
            nftnl_table_nlmsg_build_payload(header, table)
            return Int(header.pointee.nlmsg_len)
        }
        // A netlink header, an nfgenmsg and at least the name attribute.
        #expect(length > MemoryLayout<nlmsghdr>.size + MemoryLayout<nfgenmsg>.size + 8)
    }
}
