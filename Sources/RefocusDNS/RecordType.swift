import CAres
import RefocusOS

/// The two record types the resolver asks for.
enum RecordType: Sendable, CaseIterable {
    /// IPv4 addresses.
    case a
    /// IPv6 addresses.
    case aaaa

    /// The type number for ares_query, from <arpa/nameser.h>.
    var number: Int32 {
        switch self {
        case .a: Int32(ns_t_a.rawValue)
        case .aaaa: Int32(ns_t_aaaa.rawValue)
        }
    }
}
