import CNetfilter
import RefocusOS

/// The expressions ReFocus's rules are made of, each working on register 1
/// as nft itself does, so that `nft list` prints the rules as nft's own.
extension NftRule {
    /// `meta load <key> => reg 1`: the packet's protocol family (`nfproto`)
    /// or layer-4 protocol (`l4proto`), one byte.
    func loadMeta(_ key: nft_meta_keys) throws(NftablesError) {
        try appendExpression("meta") { expression in
            nftnl_expr_set_u32(expression, UInt16(NFTNL_EXPR_META_KEY), key.rawValue)
            nftnl_expr_set_u32(expression, UInt16(NFTNL_EXPR_META_DREG), NFT_REG_1.rawValue)
        }
    }

    /// `cmp eq reg 1 <value>`: the rule goes on only if register 1 holds `value`.
    func compareEqual(_ value: [UInt8]) throws(NftablesError) {
        try appendExpression("cmp") { expression throws(NftablesError) in
            nftnl_expr_set_u32(expression, UInt16(NFTNL_EXPR_CMP_SREG), NFT_REG_1.rawValue)
            nftnl_expr_set_u32(expression, UInt16(NFTNL_EXPR_CMP_OP), NFT_CMP_EQ.rawValue)
            let status = value.withUnsafeBytes { bytes in
                nftnl_expr_set(expression, UInt16(NFTNL_EXPR_CMP_DATA), bytes.baseAddress, UInt32(bytes.count))
            }
            try libnftnlStatus(status, "a cmp expression")
        }
    }

    /// `payload load <length>b @ network header + <offset> => reg 1`: for
    /// the destination address, offset 16, length 4 (IPv4) or offset 24,
    /// length 16 (IPv6).
    func loadNetworkHeader(offset: UInt32, length: UInt32) throws(NftablesError) {
        try loadPayload(NFT_PAYLOAD_NETWORK_HEADER, offset: offset, length: length)
    }

    /// `payload load 2b @ transport header + 2 => reg 1`: the TCP or UDP
    /// destination port, in network byte order (nft's `th dport`).
    func loadDestinationPort() throws(NftablesError) {
        try loadPayload(NFT_PAYLOAD_TRANSPORT_HEADER, offset: 2, length: 2)
    }

    /// `payload load <length>b @ <base> + <offset> => reg 1`.
    private func loadPayload(_ base: nft_payload_bases, offset: UInt32, length: UInt32) throws(NftablesError) {
        try appendExpression("payload") { expression in
            nftnl_expr_set_u32(expression, UInt16(NFTNL_EXPR_PAYLOAD_DREG), NFT_REG_1.rawValue)
            nftnl_expr_set_u32(expression, UInt16(NFTNL_EXPR_PAYLOAD_BASE), base.rawValue)
            nftnl_expr_set_u32(expression, UInt16(NFTNL_EXPR_PAYLOAD_OFFSET), offset)
            nftnl_expr_set_u32(expression, UInt16(NFTNL_EXPR_PAYLOAD_LEN), length)
        }
    }

    /// `lookup reg 1 set <name>`: the rule goes on only if register 1 is in
    /// the set; `id` finds the set when it is created in the same batch.
    func lookup(set name: String, id: UInt32) throws(NftablesError) {
        try appendExpression("lookup") { expression throws(NftablesError) in
            nftnl_expr_set_u32(expression, UInt16(NFTNL_EXPR_LOOKUP_SREG), NFT_REG_1.rawValue)
            try libnftnlStatus(
                nftnl_expr_set_str(expression, UInt16(NFTNL_EXPR_LOOKUP_SET), name), "a lookup expression")
            nftnl_expr_set_u32(expression, UInt16(NFTNL_EXPR_LOOKUP_SET_ID), id)
        }
    }

    /// `dynset update reg_key 1 set <name>`, nft's `update @<name> { … }`:
    /// finds register 1 in the dynamic set or adds it there, and runs the
    /// element's expressions (a hits set's element counts the packet). When
    /// the kernel cannot add the element (the set is full, or memory short)
    /// the rule stops here, as after a failed match; so a verdict belongs in
    /// a rule of its own after this one. `id` finds the set when it is
    /// created in the same batch. No timeout, as nft sends none.
    func update(set name: String, id: UInt32) throws(NftablesError) {
        try appendExpression("dynset") { expression throws(NftablesError) in
            nftnl_expr_set_u32(expression, UInt16(NFTNL_EXPR_DYNSET_SREG_KEY), NFT_REG_1.rawValue)
            nftnl_expr_set_u32(expression, UInt16(NFTNL_EXPR_DYNSET_OP), UInt32(NFT_DYNSET_OP_UPDATE.rawValue))
            try libnftnlStatus(
                nftnl_expr_set_str(expression, UInt16(NFTNL_EXPR_DYNSET_SET_NAME), name), "a dynset expression")
            nftnl_expr_set_u32(expression, UInt16(NFTNL_EXPR_DYNSET_SET_ID), id)
        }
    }

    /// `counter`: counts the packets and bytes that reach it.
    func count() throws(NftablesError) {
        try appendExpression("counter") { _ in }
    }

    /// `reject type <type> code <code>`: `NFT_REJECT_TCP_RST` code 0 is
    /// `reject with tcp reset`; `NFT_REJECT_ICMPX_UNREACH` code
    /// `NFT_REJECT_ICMPX_ADMIN_PROHIBITED` is `reject with icmpx admin-prohibited`.
    func reject(_ type: nft_reject_types, code: UInt8) throws(NftablesError) {
        try appendExpression("reject") { expression in
            nftnl_expr_set_u32(expression, UInt16(NFTNL_EXPR_REJECT_TYPE), type.rawValue)
            nftnl_expr_set_u8(expression, UInt16(NFTNL_EXPR_REJECT_CODE), code)
        }
    }

    /// `ct load direction => reg 1`: the direction of the packet in its
    /// connection, one byte: 0 original (sent by whoever opened it), 1
    /// reply. A packet conntrack does not track (no entry) ends the rule
    /// here, as a failed match.
    func loadConntrackDirection() throws(NftablesError) {
        try appendExpression("ct") { expression in
            nftnl_expr_set_u32(expression, UInt16(NFTNL_EXPR_CT_KEY), UInt32(NFT_CT_DIRECTION.rawValue))
            nftnl_expr_set_u32(expression, UInt16(NFTNL_EXPR_CT_DREG), NFT_REG_1.rawValue)
        }
    }

    /// `immediate reg 0 accept`: the packet leaves the chain, and the table, accepted.
    func accept() throws(NftablesError) {
        try appendExpression("immediate") { expression in
            nftnl_expr_set_u32(expression, UInt16(NFTNL_EXPR_IMM_DREG), NFT_REG_VERDICT.rawValue)
            nftnl_expr_set_u32(expression, UInt16(NFTNL_EXPR_IMM_VERDICT), UInt32(NF_ACCEPT))
        }
    }

    /// `immediate reg 0 <verdict>`: `jump <chain>` (`NFT_JUMP`) or `return` (`NFT_RETURN`).
    func verdict(_ code: nft_verdicts, chain: String? = nil) throws(NftablesError) {
        try appendExpression("immediate") { expression throws(NftablesError) in
            nftnl_expr_set_u32(expression, UInt16(NFTNL_EXPR_IMM_DREG), NFT_REG_VERDICT.rawValue)
            nftnl_expr_set_u32(expression, UInt16(NFTNL_EXPR_IMM_VERDICT), UInt32(bitPattern: code.rawValue))
            if let chain {
                try libnftnlStatus(
                    nftnl_expr_set_str(expression, UInt16(NFTNL_EXPR_IMM_CHAIN), chain), "an immediate expression")
            }
        }
    }
}
