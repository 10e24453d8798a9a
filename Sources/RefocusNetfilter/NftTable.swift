import CNetfilter
import RefocusOS

/// Owns one libnftnl table object (`nftnl_table`) of family `inet` and
/// writes it into NEWTABLE/DELTABLE messages; frees it in `deinit`.
///
/// Building needs no privilege. Fails only when libnftnl cannot allocate.
final class NftTable {
    /// NFT_TABLE_F_OWNER: only the creating netlink socket may change or
    /// delete the table, and `nft flush ruleset` skips it.
    static let ownerFlag: UInt32 = 0x2
    /// NFT_TABLE_F_PERSIST (Linux 6.9; absent from Debian 12's headers): when
    /// the owner's socket closes, the table stays, orphaned, instead of being
    /// deleted, and the next process that sets OWNER on it adopts it.
    static let persistFlag: UInt32 = 0x4

    private let object: OpaquePointer
    /// The table's name: `refocus`.
    let name: String

    /// A table named `name`; `flags` nil leaves the flags attribute out, so
    /// that a NEWTABLE for an existing table changes nothing about it.
    init(name: String, flags: UInt32?) throws(NftablesError) {
        guard let object = nftnl_table_alloc() else { throw .outOfMemory("table \(name)") }
        self.object = object
        self.name = name
        nftnl_table_set_u32(object, UInt16(NFTNL_TABLE_FAMILY.rawValue), UInt32(NFPROTO_INET))
        try libnftnlStatus(nftnl_table_set_str(object, UInt16(NFTNL_TABLE_NAME.rawValue), name), "table \(name)")
        if let flags {
            nftnl_table_set_u32(object, UInt16(NFTNL_TABLE_FLAGS.rawValue), flags)
        }
    }

    deinit {
        nftnl_table_free(object)
    }

    /// Writes the table's attributes (name, flags) after `header`.
    func writePayload(into header: UnsafeMutablePointer<nlmsghdr>) {
        nftnl_table_nlmsg_build_payload(header, object)
    }
}

/// Turns a libnftnl setter's status (`-1`: out of memory) into an error naming `what`.
func libnftnlStatus(_ status: Int32, _ what: String) throws(NftablesError) {
    if status < 0 { throw .outOfMemory(what) }
}
