/// The plain text of a list file: one item per line, `#` starts a comment,
/// blank lines are ignored.
///
/// Parsing keeps every line, so that adding and removing items changes only
/// those items' lines and keeps the user's comments and order. A text with a
/// bad line does not parse at all: `ListError.badLines` names every one.
public struct ListText<Item: ListItem>: Sendable {
    /// One line of the text and the item on it, if any.
    public struct Line: Sendable {
        /// The line as written, without its `\n` (a CRLF file keeps its `\r`).
        public let text: Substring
        /// The item on the line; nil for blank and comment lines.
        public let item: Item?
    }

    /// Every line, in order.
    public let lines: [Line]

    /// Parses `text`; `source` names it in errors (`work.domains`).
    public init(parsing text: String, source: String) throws(ListError) {
        var lines: [Line] = []
        var issues: [ListLineIssue] = []
        let rawLines = text.lines()
        let endsWithNewline = text.isEmpty || text.last == "\n" || text.last == "\r\n"
        for (index, raw) in (endsWithNewline ? rawLines.dropLast() : rawLines[...]).enumerated() {
            let content = Self.content(of: raw)
            guard !content.isEmpty else {
                lines.append(Line(text: raw, item: nil))
                continue
            }
            do {
                lines.append(Line(text: raw, item: try Item.parseListItem(content)))
            } catch {
                issues.append(ListLineIssue(line: index + 1, text: String(raw), reason: "\(error)"))
            }
        }
        guard issues.isEmpty else { throw .badLines(source: source, issues: issues) }
        self.lines = lines
    }

    /// The distinct items of the text.
    public var items: Set<Item> { Set(lines.compactMap(\.item)) }

    /// The canonical text of a new list: items sorted, one per line.
    public static func render(_ items: some Sequence<Item>) -> String {
        Set(items).sorted().map { "\($0)\n" }.joined()
    }

    /// The text with `added` items that are not yet present appended, in
    /// sorted order, and every line whose item is in `removed` dropped.
    /// All other lines, comments included, stay as they were; the result
    /// ends with a newline.
    public func editing(adding added: [Item] = [], removing removed: Set<Item> = []) -> String {
        var present = Set<Item>()
        var kept: [Substring] = []
        for line in lines {
            if let item = line.item {
                if removed.contains(item) { continue }
                present.insert(item)
            }
            kept.append(line.text)
        }
        var text = kept.joined(separator: "\n")
        if !kept.isEmpty { text += "\n" }
        let new = Set(added).subtracting(present).subtracting(removed).sorted()
        return text + new.map { "\($0)\n" }.joined()
    }

    /// The part of a line before `#`, without surrounding white space.
    package static func content(of line: Substring) -> Substring {
        let beforeComment = line.firstIndex(of: "#").map { line[..<$0] } ?? line
        return beforeComment.trimmingASCIIWhitespace()
    }
}

extension StringProtocol {
    /// The text split at LF and CRLF (a CRLF is one `Character` in Swift, so
    /// splitting at "\n" alone would miss it); the terminators are dropped.
    func lines() -> [SubSequence] {
        split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
    }
}
