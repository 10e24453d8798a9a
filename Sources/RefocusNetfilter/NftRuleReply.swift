import CNetfilter
import RefocusOS

/// What the kernel says about one rule in a GETRULE dump, read with
/// libnftnl (`nftnl_rule_nlmsg_parse`): the packets its `counter`
/// expressions counted, and the set its first lookup reads. Pure
/// parsing: no privilege.
struct NftRuleReply {
    /// The packets counted by the rule's counters (ReFocus's rules have one each); 0 without any.
    let packets: UInt64
    /// The chain the rule is in.
    let chain: String
    /// The set the rule's first `lookup` expression reads (`ip daddr @u1000_4`); nil without one.
    let lookupSet: String?

    /// Parses one dump message. Throws `.outOfMemory` when libnftnl cannot
    /// allocate, `.refused` with EBADMSG when the message is not a rule.
    init(parsing message: [UInt8]) throws(NftablesError) {
        guard let rule = nftnl_rule_alloc() else { throw .outOfMemory("the answer about a rule of table inet refocus") }
        defer { nftnl_rule_free(rule) }
        let status = parseNetlinkMessage(message) { nftnl_rule_nlmsg_parse($0, rule) }
        guard status >= 0 else { throw .refused(operation: "read a rule of table inet refocus", .badMessage) }
        var read = Expressions()
        withUnsafeMutablePointer(to: &read) { pointer in
            _ = nftnl_expr_foreach(rule, readExpression, pointer)
        }
        packets = read.packets
        lookupSet = read.lookupSet
        chain = nftnl_rule_get_str(rule, UInt16(NFTNL_RULE_CHAIN.rawValue)).map { String(cString: $0) } ?? ""
    }
}

/// What `readExpression` gathers from a rule's expressions.
private struct Expressions {
    var packets: UInt64 = 0
    var lookupSet: String?
}

/// `nftnl_expr_foreach`'s callback: adds a counter's packets to the
/// `Expressions` that `data` points to, and keeps the first lookup's set.
private func readExpression(_ expression: OpaquePointer?, _ data: UnsafeMutableRawPointer?) -> Int32 {
    guard let expression, let data else { return 0 }
    let read = data.assumingMemoryBound(to: Expressions.self)
    if NftCounterExpression.isCounter(expression) {
        read.pointee.packets &+= NftCounterExpression.packets(expression)
    } else if read.pointee.lookupSet == nil, let name = nftnl_expr_get_str(expression, UInt16(NFTNL_EXPR_NAME)),
        String(cString: name) == "lookup",
        let set = nftnl_expr_get_str(expression, UInt16(NFTNL_EXPR_LOOKUP_SET))
    {
        read.pointee.lookupSet = String(cString: set)
    }
    return 0
}
