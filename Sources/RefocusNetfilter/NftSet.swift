import CNetfilter
import RefocusCore
import RefocusOS

/// Owns one libnftnl set of addresses (`nftnl_set`, type `ipv4_addr` or
/// `ipv6_addr`; flag `interval` for a set of ranges, `dynamic` for a hits
/// set) and its elements; writes the NEWSET message and the NEWSETELEM
/// messages, and frees all in `deinit`.
///
/// A hits set carries a `counter` expression (NFTA_SET_EXPR, as nft writes
/// `set … { counter; }`): the kernel gives every element that a rule's
/// `update` adds a counter of its own, cloned from it, and counts the packet
/// there. The block sets carry none: loading their elements costs nothing
/// more than the elements.
///
/// Building needs no privilege. Fails only when libnftnl cannot allocate.
final class NftSet {
    private let object: OpaquePointer
    /// The set's name: `v4`, `v4net`, `v6`, `v6net`, `hits4`, `hits6`.
    let name: String
    /// How many elements were added (addresses, or interval starts and ends).
    private(set) var elementCount = 0

    /// An empty set `definition` in `table`, with the batch-local id that
    /// rules use to find it before the batch commits. A `sizeHint` above 0
    /// becomes the set's size: the kernel sizes the set for it (a plain set
    /// then gets a fixed-size hash table) and refuses (ENFILE) more elements
    /// than that.
    init(_ definition: RefocusSet, table: String, sizeHint: Int) throws(NftablesError) {
        guard let object = nftnl_set_alloc() else { throw .outOfMemory("set \(definition.name)") }
        self.object = object
        name = definition.name
        let what = "set \(name)"
        try libnftnlStatus(nftnl_set_set_str(object, UInt16(NFTNL_SET_TABLE.rawValue), table), what)
        try libnftnlStatus(nftnl_set_set_str(object, UInt16(NFTNL_SET_NAME.rawValue), name), what)
        nftnl_set_set_u32(object, UInt16(NFTNL_SET_FAMILY.rawValue), UInt32(NFPROTO_INET))
        nftnl_set_set_u32(object, UInt16(NFTNL_SET_ID.rawValue), definition.id)
        nftnl_set_set_u32(object, UInt16(NFTNL_SET_FLAGS.rawValue), Self.flags(of: definition.kind))
        nftnl_set_set_u32(object, UInt16(NFTNL_SET_KEY_TYPE.rawValue), definition.family.nftDataType)
        nftnl_set_set_u32(object, UInt16(NFTNL_SET_KEY_LEN.rawValue), UInt32(definition.family.addressLength))
        if sizeHint > 0 {
            nftnl_set_set_u32(object, UInt16(NFTNL_SET_DESC_SIZE.rawValue), UInt32(clamping: sizeHint))
        }
        if definition.kind == .hits {
            guard let counter = nftnl_expr_alloc("counter") else { throw .outOfMemory("the counter of \(what)") }
            nftnl_set_add_expr(object, counter)  // the set owns it from here
        }
    }

    /// NFT_SET_INTERVAL for ranges (a user's too), endpoints, allowed,
    /// service and metered sets, NFT_SET_EVAL (nft's `dynamic`) for hits.
    private static func flags(of kind: RefocusSet.Kind) -> UInt32 {
        switch kind {
        case .addresses, .userAddresses: 0
        case .ranges, .endpoints, .allowed, .service, .metered, .userRanges: NFT_SET_INTERVAL.rawValue
        case .hits: NFT_SET_EVAL.rawValue
        }
    }

    deinit {
        nftnl_set_free(object)
    }

    /// Writes the set's definition (no elements) after `header`.
    func writePayload(into header: UnsafeMutablePointer<nlmsghdr>) {
        nftnl_set_nlmsg_build_payload(header, object)
    }

    /// Adds `element`: an address, an interval's first address, or, with
    /// `endsInterval`, the address just after an interval's last
    /// (NFT_SET_ELEM_INTERVAL_END).
    func add(_ element: SetElement) throws(NftablesError) {
        guard let item = nftnl_set_elem_alloc() else { throw .outOfMemory("an element of set \(name)") }
        let status = withBigEndianBytes(of: element.address) { bytes in
            nftnl_set_elem_set(item, UInt16(NFTNL_SET_ELEM_KEY), bytes.baseAddress, UInt32(bytes.count))
        }
        guard status == 0 else {
            nftnl_set_elem_free(item)
            throw .outOfMemory("an element of set \(name)")
        }
        if element.endsInterval {
            nftnl_set_elem_set_u32(item, UInt16(NFTNL_SET_ELEM_FLAGS), NFT_SET_ELEM_INTERVAL_END.rawValue)
        }
        nftnl_set_elem_add(object, item)  // the set owns it from here
        elementCount += 1
    }

    /// Appends NEWSETELEM messages carrying every element to `batch` (with
    /// `deleting`, DELSETELEM messages taking them out of the set in the
    /// kernel), split by libnftnl's iterator so that no message's element
    /// list outgrows a netlink attribute (64 KiB). Appends nothing for an empty set.
    func appendElementMessages(to batch: NetlinkBatch, deleting: Bool = false) throws(NftablesError) {
        guard elementCount > 0 else { return }
        guard let iterator = nftnl_set_elems_iter_create(object) else {
            throw .outOfMemory("the element messages of set \(name)")
        }
        defer { nftnl_set_elems_iter_destroy(iterator) }
        var part = 1
        while true {
            let operation =
                "\(deleting ? "delete" : "add") elements \(deleting ? "from" : "to") set \(name) (message \(part))"
            let remaining = try batch.append(
                deleting ? NFT_MSG_DELSETELEM : NFT_MSG_NEWSETELEM,
                flags: deleting ? 0 : NLM_F_CREATE, operation: operation
            ) { header in
                nftnl_set_elems_nlmsg_build_payload_iter(header, iterator)
            }
            if remaining <= 0 { return }
            part += 1
        }
    }

    private func withBigEndianBytes<Result>(
        of address: IPAddress,
        _ body: (UnsafeRawBufferPointer) -> Result
    ) -> Result {
        switch address {
        case .v4(let value):
            withUnsafeBytes(of: value.bigEndian, body)
        case .v6(let high, let low):
            withUnsafeBytes(of: (high.bigEndian, low.bigEndian), body)
        }
    }
}
