import CNetfilter
import RefocusOS

/// Owns one libnftnl rule (`nftnl_rule`) and the expressions added to it;
/// writes it into a NEWRULE message and frees it in `deinit`.
///
/// Expressions are added in order with the methods of
/// `NftRule+Expressions.swift`. Building needs no privilege; it fails only
/// when libnftnl cannot allocate.
final class NftRule {
    private let object: OpaquePointer
    /// The chain the rule is appended to.
    let chain: String

    /// An empty rule for `chain` of `table`.
    init(table: String, chain: String) throws(NftablesError) {
        guard let object = nftnl_rule_alloc() else { throw .outOfMemory("a rule of chain \(chain)") }
        self.object = object
        self.chain = chain
        let what = "a rule of chain \(chain)"
        nftnl_rule_set_u32(object, UInt16(NFTNL_RULE_FAMILY.rawValue), UInt32(NFPROTO_INET))
        try libnftnlStatus(nftnl_rule_set_str(object, UInt16(NFTNL_RULE_TABLE.rawValue), table), what)
        try libnftnlStatus(nftnl_rule_set_str(object, UInt16(NFTNL_RULE_CHAIN.rawValue), chain), what)
    }

    deinit {
        nftnl_rule_free(object)
    }

    /// Writes the rule's attributes and expressions after `header`.
    func writePayload(into header: UnsafeMutablePointer<nlmsghdr>) {
        nftnl_rule_nlmsg_build_payload(header, object)
    }

    /// Allocates expression `kind` ("meta", "cmp", …), lets `configure` set
    /// its attributes, and appends it to the rule, which owns it from then on.
    func appendExpression(
        _ kind: String,
        configure: (OpaquePointer) throws(NftablesError) -> Void
    ) throws(NftablesError) {
        guard let expression = nftnl_expr_alloc(kind) else { throw .outOfMemory("a \(kind) expression") }
        do {
            try configure(expression)
        } catch {
            nftnl_expr_free(expression)
            throw error
        }
        nftnl_rule_add_expr(object, expression)
    }
}
