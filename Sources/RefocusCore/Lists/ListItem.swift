/// A value that stands alone on one line of a list file: a block entry in
/// `NAME.domains`, a program name in `NAME.programs`.
public protocol ListItem: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Parses one line's content, with its comment and surrounding white space removed.
    static func parseListItem(_ text: Substring) throws -> Self
}

extension BlockEntry: ListItem {
    /// Parses a domain, address or pasted URL.
    public static func parseListItem(_ text: Substring) throws -> BlockEntry {
        try BlockEntry(parsing: text)
    }
}

extension ProgramName: ListItem {
    /// Parses a program name.
    public static func parseListItem(_ text: Substring) throws -> ProgramName {
        try ProgramName(text)
    }
}
