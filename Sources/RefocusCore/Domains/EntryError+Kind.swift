extension EntryError {
    /// The cause without the value, the same for every entry refused for
    /// it: what an import report groups its rejections by.
    public var kind: String {
        switch self {
        case .empty: "an empty entry"
        case .invalidCharacter: "a character no host name may contain"
        case .emptyLabel: "an empty label (two dots in a row or a leading dot)"
        case .labelTooLong: "a label over 63 characters"
        case .nameTooLong: "a name over 253 characters"
        case .hyphenAtLabelEdge: "a label that starts or ends with a hyphen"
        case .numericTopLevel: "a name that ends in a number"
        case .singleLabel: "a single label, not a site"
        case .publicSuffix: "a public suffix"
        case .internationalName: "an invalid internationalised name"
        case .wildcard: "a wildcard name"
        case .invalidPort: "an invalid port"
        case .invalidScheme: "an invalid URL scheme"
        case .unclosedBracket: "an unclosed IPv6 bracket"
        case .address: "an invalid address or range"
        case .invalidPath: "a path that cannot be a path entry"
        case .suffixListUnavailable: "the public suffix list is missing"
        }
    }
}
