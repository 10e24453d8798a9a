import CNetfilter
import RefocusOS

/// Reads a libnftnl `counter` expression (`nftnl_expr`) that the kernel
/// listed, in a rule or on a set element. Pure: no privilege, no failure.
enum NftCounterExpression {
    /// Whether `expression` is a `counter`.
    static func isCounter(_ expression: OpaquePointer) -> Bool {
        guard let name = nftnl_expr_get_str(expression, UInt16(NFTNL_EXPR_NAME)) else { return false }
        return String(cString: name) == "counter"
    }

    /// The packets the counter `expression` counted (NFTNL_EXPR_CTR_PACKETS), 0 when absent.
    static func packets(_ expression: OpaquePointer) -> UInt64 {
        let attribute = UInt16(NFTNL_EXPR_CTR_PACKETS)
        return nftnl_expr_is_set(expression, attribute) ? nftnl_expr_get_u64(expression, attribute) : 0
    }
}
