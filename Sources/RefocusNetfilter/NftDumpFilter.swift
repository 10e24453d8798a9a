import CNetfilter
import RefocusOS

/// What a dump request (`NetlinkSocket.dump`) asks the kernel for: the
/// elements of one set, or the rules of one table, of family `inet`. Owns
/// a libnftnl object that holds only the names that choose them, writes
/// them into the request, and frees the object in `deinit`.
///
/// Building needs no privilege. Fails only when libnftnl cannot allocate.
final class NftDumpFilter: NetlinkPayload {
    private enum Object {
        /// An `nftnl_set` with a table and a name: GETSETELEM.
        case set(OpaquePointer)
        /// An `nftnl_rule` with a table: GETRULE.
        case rules(OpaquePointer)
    }

    private let object: Object

    private init(_ object: Object) {
        self.object = object
    }

    /// The elements of set `name` in `table` (NFTA_SET_ELEM_LIST_TABLE and _SET).
    static func elements(ofSet name: String, table: String) throws(NftablesError) -> NftDumpFilter {
        guard let set = nftnl_set_alloc() else { throw .outOfMemory("a request for set \(name)") }
        let filter = NftDumpFilter(.set(set))
        nftnl_set_set_u32(set, UInt16(NFTNL_SET_FAMILY.rawValue), UInt32(NFPROTO_INET))
        try libnftnlStatus(nftnl_set_set_str(set, UInt16(NFTNL_SET_TABLE.rawValue), table), "a request for set \(name)")
        try libnftnlStatus(nftnl_set_set_str(set, UInt16(NFTNL_SET_NAME.rawValue), name), "a request for set \(name)")
        return filter
    }

    /// Every rule of `table` (NFTA_RULE_TABLE), in all its chains.
    static func rules(ofTable table: String) throws(NftablesError) -> NftDumpFilter {
        guard let rule = nftnl_rule_alloc() else { throw .outOfMemory("a request for the rules of table \(table)") }
        let filter = NftDumpFilter(.rules(rule))
        nftnl_rule_set_u32(rule, UInt16(NFTNL_RULE_FAMILY.rawValue), UInt32(NFPROTO_INET))
        try libnftnlStatus(
            nftnl_rule_set_str(rule, UInt16(NFTNL_RULE_TABLE.rawValue), table),
            "a request for the rules of table \(table)")
        return filter
    }

    deinit {
        switch object {
        case .set(let set): nftnl_set_free(set)
        case .rules(let rule): nftnl_rule_free(rule)
        }
    }

    /// Writes the names that choose what to dump after `header`.
    func writePayload(into header: UnsafeMutablePointer<nlmsghdr>) {
        switch object {
        case .set(let set): nftnl_set_elems_nlmsg_build_payload(header, set)
        case .rules(let rule): nftnl_rule_nlmsg_build_payload(header, rule)
        }
    }
}
