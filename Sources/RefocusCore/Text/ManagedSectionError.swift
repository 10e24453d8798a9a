/// Why a managed section could not be made, read or written.
///
/// Line numbers are 1-based and count lines of the whole file; body indexes
/// are 1-based positions of lines in a `SectionBody`.
public enum ManagedSectionError: RefocusError, Equatable {
    /// The section name does not match `[a-z0-9][a-z0-9_-]*`.
    case invalidName(String)
    /// A BEGIN marker has no END marker after it.
    case beginWithoutEnd(line: Int, name: String)
    /// An END marker appears with no BEGIN marker before it.
    case endWithoutBegin(line: Int, name: String)
    /// A BEGIN marker appears after the section has already ended.
    case secondSection(line: Int, firstBeginLine: Int, name: String)
    /// A BEGIN marker appears inside the section, before its END marker.
    case markerInsideSection(line: Int, sectionBeginLine: Int, name: String)
    /// A line given to `SectionBody(lines:)` contains `\r` or `\n`.
    case lineBreakInBody(index: Int)
    /// A body line given to `ManagedText.replacingBody(with:)` is this section's own marker.
    case markerInBody(index: Int, name: String)

    /// Damaged files and bad names are invalid input data.
    public var category: ErrorCategory { .data }

    /// One line naming the line, the problem and the fix.
    public var description: String {
        switch self {
        case .invalidName(let name):
            return "invalid section name \(String(reflecting: name)); use lowercase letters, digits, '-' and '_', "
                + "starting with a letter or digit"
        case .beginWithoutEnd(let line, let name):
            return "line \(line): '\(Self.begin(name))' has no matching '\(Self.end(name))'; "
                + "remove the stray marker or add the end marker, then try again"
        case .endWithoutBegin(let line, let name):
            return "line \(line): '\(Self.end(name))' has no matching '\(Self.begin(name))' before it; "
                + "remove the stray marker or add the begin marker above it, then try again"
        case .secondSection(let line, let firstBeginLine, let name):
            return "line \(line): a second '\(Self.begin(name))' section follows the one that begins at line "
                + "\(firstBeginLine); merge the two sections into one, then try again"
        case .markerInsideSection(let line, let sectionBeginLine, let name):
            return "line \(line): '\(Self.begin(name))' appears inside the section that begins at line "
                + "\(sectionBeginLine); remove the stray marker or add the missing end marker, then try again"
        case .lineBreakInBody(let index):
            return "body line \(index) contains a line break; pass each line as its own element, then try again"
        case .markerInBody(let index, let name):
            return "body line \(index) is a '\(Self.begin(name))' or '\(Self.end(name))' marker; "
                + "remove that line from the body, then try again"
        }
    }

    private static func begin(_ name: String) -> String { "# BEGIN \(name)" }
    private static func end(_ name: String) -> String { "# END \(name)" }
}
