/// Why a line a user typed or pasted is not a blockable entry. Each
/// description names the value, the cause and the fix.
public enum EntryError: RefocusError, Equatable {
    /// Nothing but white space.
    case empty
    /// A character no host name may contain.
    case invalidCharacter(name: String, character: Character)
    /// Two dots in a row, or a leading dot.
    case emptyLabel(name: String)
    /// A label over 63 characters (in ASCII form).
    case labelTooLong(name: String, label: String, length: Int)
    /// A name over 253 characters (in ASCII form).
    case nameTooLong(name: String, length: Int)
    /// A label that starts or ends with a hyphen.
    case hyphenAtLabelEdge(name: String, label: String)
    /// A last label of digits only: neither a domain nor a valid address.
    case numericTopLevel(name: String)
    /// One label only (`localhost`, `com`): not a site.
    case singleLabel(name: String)
    /// A public suffix such as `co.uk` or `github.io`.
    case publicSuffix(name: String)
    /// libidn2 refused an internationalised name.
    case internationalName(name: String, reason: String)
    /// A wildcard such as `*.example.com`.
    case wildcard(name: String, suggestion: String)
    /// A port after the host that is not a number from 1 to 65535.
    case invalidPort(input: String, port: String)
    /// A URL scheme that is not letters, digits, `+`, `-` or `.`.
    case invalidScheme(input: String)
    /// `[` without the `]` that closes an IPv6 literal.
    case unclosedBracket(input: String)
    /// An address or CIDR range that does not parse.
    case address(AddressError)
    /// The path of a browser path entry (`host/path`) that cannot be one.
    case invalidPath(input: String, reason: String)
    /// libpsl found no public suffix list, so no name can be checked.
    case suffixListUnavailable

    public var category: ErrorCategory {
        switch self {
        case .suffixListUnavailable: .configuration
        default: .data
        }
    }

    public var description: String {
        switch self {
        case .empty:
            "an empty entry; give a domain such as example.com or an address such as 192.0.2.1"
        case let .invalidCharacter(name, character):
            "'\(name)' contains \(Self.spell(character)), which no host name may contain; "
                + "use letters, digits, hyphens and dots"
        case let .emptyLabel(name):
            "'\(name)' has an empty label (two dots in a row or a leading dot); remove the extra dot"
        case let .labelTooLong(name, label, length):
            "'\(name)': the label '\(label.prefix(20))…' is \(length) characters long; a label has at most 63"
        case let .nameTooLong(name, length):
            "'\(name.prefix(40))…' is \(length) characters long; a domain name has at most 253"
        case let .hyphenAtLabelEdge(name, label):
            "'\(name)': the label '\(label)' starts or ends with a hyphen, which DNS does not allow"
        case let .numericTopLevel(name):
            "'\(name)' ends in a number, so it is neither a domain name nor an IPv4 address; "
                + "check it for a typo"
        case let .singleLabel(name):
            "'\(name)' is a single label, not a site; name a domain such as \(name).com"
        case let .publicSuffix(name):
            "'\(name)' is a public suffix: blocking it would block every site under it; "
                + "name one site, such as example.\(name)"
        case let .internationalName(name, reason):
            "'\(name)' is not a valid internationalised domain name: \(reason)"
        case let .wildcard(name, suggestion):
            "'\(name)': wildcards are not needed; add '\(suggestion)', "
                + "whose common subdomains are blocked with it"
        case let .invalidPort(input, port):
            "'\(input)': '\(port)' is not a port number; remove it, only the host name matters"
        case let .invalidScheme(input):
            "'\(input)' does not start with a valid URL scheme; give the host name, such as example.com"
        case let .unclosedBracket(input):
            "'\(input)': the IPv6 address in brackets has no closing ']'"
        case let .address(error):
            error.description
        case let .invalidPath(input, reason):
            "'\(input)': \(reason); a path entry is host/path, such as youtube.com/shorts"
        case .suffixListUnavailable:
            "the public suffix list is missing; install it with 'apt-get install publicsuffix libpsl5'"
        }
    }

    private static func spell(_ character: Character) -> String {
        if character == " " { return "a space" }
        if character.unicodeScalars.allSatisfy({ $0.properties.generalCategory == .control }) {
            let codes = character.unicodeScalars.map { "U+" + String($0.value, radix: 16, uppercase: true) }
            return "the control character " + codes.joined(separator: " ")
        }
        return "'\(character)'"
    }
}
