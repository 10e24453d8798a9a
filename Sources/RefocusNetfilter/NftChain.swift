import CNetfilter
import RefocusOS

/// Owns one libnftnl chain (`nftnl_chain`): a base chain of type `filter`
/// on a netfilter hook of family `inet`, policy accept, or a regular chain
/// that rules jump to; writes it into a NEWCHAIN message and frees it in `deinit`.
///
/// Building needs no privilege. Fails only when libnftnl cannot allocate.
final class NftChain {
    private let object: OpaquePointer
    /// The chain's name: `output`, `forward`.
    let name: String

    /// A filter chain `name` in `table` on `hook` (NF_INET_LOCAL_OUT,
    /// NF_INET_FORWARD) at `priority` (0 is `filter`), accepting by default.
    convenience init(name: String, table: String, hook: nf_inet_hooks, priority: Int32 = 0) throws(NftablesError) {
        try self.init(regular: name, table: table)
        try libnftnlStatus(nftnl_chain_set_str(object, UInt16(NFTNL_CHAIN_TYPE.rawValue), "filter"), "chain \(name)")
        nftnl_chain_set_u32(object, UInt16(NFTNL_CHAIN_HOOKNUM.rawValue), hook.rawValue)
        nftnl_chain_set_s32(object, UInt16(NFTNL_CHAIN_PRIO.rawValue), priority)
        nftnl_chain_set_u32(object, UInt16(NFTNL_CHAIN_POLICY.rawValue), UInt32(NF_ACCEPT))
    }

    /// A regular chain `name` in `table`, with no hook: only a `jump` reaches it.
    init(regular name: String, table: String) throws(NftablesError) {
        guard let object = nftnl_chain_alloc() else { throw .outOfMemory("chain \(name)") }
        self.object = object
        self.name = name
        let what = "chain \(name)"
        try libnftnlStatus(nftnl_chain_set_str(object, UInt16(NFTNL_CHAIN_TABLE.rawValue), table), what)
        try libnftnlStatus(nftnl_chain_set_str(object, UInt16(NFTNL_CHAIN_NAME.rawValue), name), what)
        nftnl_chain_set_u32(object, UInt16(NFTNL_CHAIN_FAMILY.rawValue), UInt32(NFPROTO_INET))
    }

    deinit {
        nftnl_chain_free(object)
    }

    /// Writes the chain's attributes (table, name, hook, priority, type, policy) after `header`.
    func writePayload(into header: UnsafeMutablePointer<nlmsghdr>) {
        nftnl_chain_nlmsg_build_payload(header, object)
    }
}
