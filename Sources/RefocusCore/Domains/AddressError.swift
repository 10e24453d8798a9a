/// Why a block-list entry is not a valid IP address or CIDR range.
///
/// Each case carries the text as the user wrote it, so that `description`
/// can name it together with the cause and the fix.
public enum AddressError: RefocusError, Equatable {
    /// The text is empty.
    case empty
    /// The text starts with `/`: a prefix with no address before it.
    case missingAddress(String)
    /// An IPv4 part is empty, not decimal, or larger than 255.
    case badIPv4Part(String, part: String)
    /// An IPv4 part has a leading zero, which some tools read as octal.
    case ipv4LeadingZero(String, part: String)
    /// Fewer than four IPv4 parts, such as the shortened form `127.1`.
    case tooFewIPv4Parts(String, count: Int)
    /// More than four IPv4 parts.
    case tooManyIPv4Parts(String, count: Int)
    /// An IPv6 group is empty, not hexadecimal, or longer than four digits.
    case badIPv6Group(String, group: String)
    /// `::` appears more than once, so the zero run it stands for is ambiguous.
    case multipleDoubleColons(String)
    /// An IPv6 address without `::` has a number of groups other than eight.
    case wrongGroupCount(String, count: Int)
    /// An IPv6 address with `::` already has eight or more groups.
    case tooManyGroupsToCompress(String, count: Int)
    /// The address has a zone id such as `%eth0`.
    case zoneID(String, zone: String)
    /// A single address was expected but the text has a `/prefix`.
    case unexpectedPrefix(String)
    /// The prefix length is empty, not decimal, or has a leading zero.
    case badPrefix(String, prefix: String)
    /// The prefix length is larger than the address has bits.
    case prefixTooLong(String, prefix: String, maximum: Int)
    /// The prefix length is zero, which would match every address.
    case zeroPrefix(String)
    /// The address has bits set after the prefix; `network` is the range the
    /// user most likely meant.
    case hostBitsSet(String, network: AddressRange)

    /// Always `.data`: the input was understood but is invalid.
    public var category: ErrorCategory { .data }

    /// One line naming the offending text, the cause and the fix.
    public var description: String {
        switch self {
        case .empty:
            "the address is empty; write an IPv4 address such as 192.0.2.1 or an IPv6 address such as 2001:db8::1"
        case .missingAddress(let text):
            "\(text) has no address before the '/'; write a range such as 192.0.2.0/24"
        case .badIPv4Part(let text, let part) where part.isEmpty:
            "\(text) has an empty part; write four numbers from 0 to 255 separated by dots, such as 192.0.2.1"
        case .badIPv4Part(let text, let part):
            "\(text) has the part '\(part)', which is not a number from 0 to 255;"
                + " write four numbers from 0 to 255 separated by dots, such as 192.0.2.1"
        case .ipv4LeadingZero(let text, let part):
            "\(text) has a leading zero in '\(part)', which is ambiguous because some tools read it as octal;"
                + " write the decimal number without leading zeros"
        case .tooFewIPv4Parts(let text, let count):
            "\(text) has only \(count) of the 4 numbers of an IPv4 address;"
                + " shortened forms are not accepted, so write all four, such as 127.0.0.1 rather than 127.1"
        case .tooManyIPv4Parts(let text, let count):
            "\(text) has \(count) numbers but an IPv4 address has exactly 4; write four numbers, such as 192.0.2.1"
        case .badIPv6Group(let text, let group) where group.isEmpty:
            "\(text) has an empty group (a stray ':'); write groups of 1 to 4 hex digits separated by ':',"
                + " using '::' once for a run of zero groups"
        case .badIPv6Group(let text, let group):
            "\(text) has the group '\(group)', which is not 1 to 4 hex digits;"
                + " write groups of 1 to 4 hex digits separated by ':', such as 2001:db8::1"
        case .multipleDoubleColons(let text):
            "\(text) uses '::' more than once, so the number of zero groups is ambiguous;"
                + " write '::' for one run of zero groups and 0 for the others"
        case .wrongGroupCount(let text, let count):
            "\(text) has \(count) groups but an IPv6 address has 8; write all 8, or '::' for a run of zero groups"
        case .tooManyGroupsToCompress(let text, let count):
            "\(text) has \(count) groups besides '::', leaving nothing for '::' to stand for;"
                + " an IPv6 address has 8 groups, so remove groups or the '::'"
        case .zoneID(let text, let zone):
            "\(text) has the zone id '\(zone)', which names a local interface and cannot be blocked;"
                + " write the address without it"
        case .unexpectedPrefix(let text):
            "\(text) is a range but a single address is expected here; write the address without '/'"
        case .badPrefix(let text, let prefix):
            "\(text) has the prefix length '\(prefix)', which is not a decimal number without leading zeros;"
                + " write a prefix length such as /24"
        case .prefixTooLong(let text, let prefix, let maximum):
            "\(text) has the prefix length \(prefix), but the address has only \(maximum) bits;"
                + " write a prefix length from 1 to \(maximum)"
        case .zeroPrefix(let text):
            "\(text) has the prefix length 0, which would block every address; write a longer prefix, such as /8"
        case .hostBitsSet(let text, let network):
            "\(text) has host bits set; write the network address \(network)"
        }
    }
}
