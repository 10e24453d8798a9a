import CNetfilter
import RefocusCore
import RefocusOS

/// One element of a set as the kernel lists it (GETSETELEM): its address,
/// and the packets its counter counted, nil when it has none (an element
/// of a set without `counter`).
struct SetElementCount: Equatable {
    /// The element's key.
    let address: IPAddress
    /// The packets the element's counter counted, if it has one.
    let packets: UInt64?
}

/// The elements one message of a GETSETELEM dump holds (the kernel answers
/// with NEWSETELEM messages, as many as the set needs), read with libnftnl
/// (`nftnl_set_elems_nlmsg_parse`): each element's key and its counter's
/// packets (the `counter` expression a hits set gave it,
/// NFTA_SET_ELEM_EXPR). Pure parsing: no privilege.
struct NftSetElementsReply {
    /// The message's elements in the kernel's order.
    let elements: [SetElementCount]

    /// Parses one dump message of set `name`. Throws `.outOfMemory` when
    /// libnftnl cannot allocate, `.refused` with EBADMSG when the message
    /// is not a list of set elements or a key is not an address.
    init(parsing message: [UInt8], set name: String) throws(NftablesError) {
        let operation = "read the elements of set \(name)"
        guard let set = nftnl_set_alloc() else { throw .outOfMemory("the elements of set \(name)") }
        defer { nftnl_set_free(set) }
        let status = parseNetlinkMessage(message) { nftnl_set_elems_nlmsg_parse($0, set) }
        guard status >= 0 else { throw .refused(operation: operation, .badMessage) }
        var collected = Collected()
        withUnsafeMutablePointer(to: &collected) { pointer in
            _ = nftnl_set_elem_foreach(set, collectElement, pointer)
        }
        guard !collected.malformed else { throw .refused(operation: operation, .badMessage) }
        elements = collected.elements
    }
}

/// What `collectElement` gathers from one message.
private struct Collected {
    var elements: [SetElementCount] = []
    /// Whether an element had no key, or a key that is not an address.
    var malformed = false
}

/// `nftnl_set_elem_foreach`'s callback: appends the element to the
/// `Collected` that `data` points to.
private func collectElement(_ item: OpaquePointer?, _ data: UnsafeMutableRawPointer?) -> Int32 {
    guard let item, let data else { return 0 }
    let collected = data.assumingMemoryBound(to: Collected.self)
    var length: UInt32 = 0
    guard let key = nftnl_set_elem_get(item, UInt16(NFTNL_SET_ELEM_KEY), &length),
        let address = IPAddress(bytes: UnsafeRawBufferPointer(start: key, count: Int(length)))
    else {
        collected.pointee.malformed = true
        return 0
    }
    var packets: UInt64?
    withUnsafeMutablePointer(to: &packets) { pointer in
        _ = nftnl_set_elem_expr_foreach(item, readCounter, pointer)
    }
    collected.pointee.elements.append(SetElementCount(address: address, packets: packets))
    return 0
}

/// `nftnl_set_elem_expr_foreach`'s callback: when the expression is a
/// counter, adds its packets to the `UInt64?` that `data` points to.
private func readCounter(_ expression: OpaquePointer?, _ data: UnsafeMutableRawPointer?) -> Int32 {
    guard let expression, let data, NftCounterExpression.isCounter(expression) else { return 0 }
    let packets = data.assumingMemoryBound(to: UInt64?.self)
    packets.pointee = (packets.pointee ?? 0) &+ NftCounterExpression.packets(expression)
    return 0
}
