import CNetfilter
import RefocusOS

/// What the kernel says about one rule in a GETRULE dump, read with
/// libnftnl (`nftnl_rule_nlmsg_parse`): the packets its `counter`
/// expressions counted. Pure parsing: no privilege.
struct NftRuleReply {
    /// The packets counted by the rule's counters (ReFocus's rules have one each); 0 without any.
    let packets: UInt64
    /// The chain the rule is in.
    let chain: String

    /// Parses one dump message. Throws `.outOfMemory` when libnftnl cannot
    /// allocate, `.refused` with EBADMSG when the message is not a rule.
    init(parsing message: [UInt8]) throws(NftablesError) {
        guard let rule = nftnl_rule_alloc() else { throw .outOfMemory("the answer about a rule of table inet refocus") }
        defer { nftnl_rule_free(rule) }
        let status = parseNetlinkMessage(message) { nftnl_rule_nlmsg_parse($0, rule) }
        guard status >= 0 else { throw .refused(operation: "read a rule of table inet refocus", .badMessage) }
        var packets: UInt64 = 0
        withUnsafeMutablePointer(to: &packets) { pointer in
            _ = nftnl_expr_foreach(rule, addCounter, pointer)
        }
        self.packets = packets
        chain = nftnl_rule_get_str(rule, UInt16(NFTNL_RULE_CHAIN.rawValue)).map { String(cString: $0) } ?? ""
    }
}

/// `nftnl_expr_foreach`'s callback: when the expression is a counter, adds
/// its packets to the `UInt64` that `data` points to.
private func addCounter(_ expression: OpaquePointer?, _ data: UnsafeMutableRawPointer?) -> Int32 {
    guard let expression, let data, NftCounterExpression.isCounter(expression) else { return 0 }
    data.assumingMemoryBound(to: UInt64.self).pointee &+= NftCounterExpression.packets(expression)
    return 0
}
