import RefocusCore

/// Why ReFocus does not add its service to nsswitch.conf. Line and column
/// numbers are 1-based; columns count bytes.
public enum NsswitchConfError: RefocusError, Equatable {
    /// The `# BEGIN refocus` / `# END refocus` markers are damaged.
    case damagedSection(ManagedSectionError)
    /// glibc cannot read a line's services, and so loads none of the file.
    case unreadable(line: Int, column: Int, reason: String)
    /// glibc stops reading the hosts services at an action block that
    /// follows no service: a service added after it would take the block.
    case cutShort(line: Int, column: Int)

    /// A file ReFocus will not edit is invalid input data.
    public var category: ErrorCategory { .data }

    /// One line naming the line, the problem and the fix.
    public var description: String {
        switch self {
        case .damagedSection(let error):
            "\(error)"
        case let .unreadable(line, column, reason):
            "line \(line), column \(column): glibc cannot read \(reason), so it loads none of the file and every "
                + "lookup fails; fix that line, then try again"
        case let .cutShort(line, column):
            "line \(line), column \(column): glibc stops reading the hosts services at an action block that follows "
                + "no service; give it its service or remove it, then try again"
        }
    }
}
