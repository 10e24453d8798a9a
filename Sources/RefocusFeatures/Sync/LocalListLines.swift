import RefocusCore

/// A local `NAME.domains` file as the sync reads and edits it: each line
/// with the canonical text of its entry, if it holds one. The same
/// reading as `ListText<BlockEntry>` (a `#` starts a comment, blank lines
/// are kept, a bad line refuses the whole file with `ListError.badLines`)
/// and the same editing, except that a line whose content is already one
/// of the `known` canonical texts (the base copy, the side read before)
/// is taken as that entry without being parsed again.
public struct LocalListLines: Sendable {
    /// One line of the file and the canonical text of its entry, if any.
    struct Line: Sendable {
        let text: Substring
        let entry: String?
    }

    private let source: String
    private let lines: [Line]
    /// The distinct entries of the file.
    public let entries: SyncedLines

    /// Reads `text`; `source` names it in errors.
    public init(parsing text: String, source: String, known: [SyncedLines]) throws(ListError) {
        var lines: [Line] = []
        var entries: [String] = []
        var issues: [ListLineIssue] = []
        var pieces = SyncedLines.pieces(of: text)
        let endsWithNewline = text.utf8.last == 0x0A
        if endsWithNewline || text.isEmpty { pieces.removeLast() }
        var finders = known.map(SyncedLines.Finder.init)
        lines.reserveCapacity(pieces.count)
        entries.reserveCapacity(pieces.count)
        for (index, piece) in pieces.enumerated() {
            // A CRLF ends a line as one character: the CR is not part of it (a CR ending the text is).
            let endsWithCRLF = piece.utf8.last == 0x0D && (endsWithNewline || index < pieces.count - 1)
            let raw = endsWithCRLF ? Substring(piece.utf8.dropLast()) : Substring(piece)
            let content = Self.content(of: raw)
            guard !content.isEmpty else {
                lines.append(Line(text: raw, entry: nil))
                continue
            }
            let text = String(content)
            if finders.indices.contains(where: { finders[$0].find(text) }) {
                let entry = text
                lines.append(Line(text: raw, entry: entry))
                entries.append(entry)
                continue
            }
            do {
                let entry = try BlockEntry.parseListItem(content).description
                lines.append(Line(text: raw, entry: entry))
                entries.append(entry)
            } catch {
                issues.append(ListLineIssue(line: index + 1, text: String(raw), reason: "\(error)"))
            }
        }
        guard issues.isEmpty else { throw .badLines(source: source, issues: issues) }
        self.source = text
        self.lines = lines
        self.entries = SyncedLines(entries)
    }

    /// Whether this is the reading of `text`, byte for byte.
    public func isReading(_ text: String) -> Bool {
        SyncedLines.same(source, text)
    }

    /// The text with the entries of `target` that it lacks appended in the
    /// entries' order, and every line whose entry is not in `target`
    /// dropped; all other lines, comments included, stay as they were
    /// (`ListText.editing`).
    public func editing(to target: SyncedLines) -> String {
        let removed = SyncedLines(sortedDistinct: entries.subtracting(target))
        var finder = SyncedLines.Finder(removed)
        var kept: [Substring] = []
        kept.reserveCapacity(lines.count)
        for line in lines {
            if removed.count > 0, let entry = line.entry, finder.find(entry) { continue }
            kept.append(line.text)
        }
        var text = kept.joined(separator: "\n")
        if !kept.isEmpty { text += "\n" }
        return text + SyncedLines.text(SyncedLines.entryOrder(target.subtracting(entries)))
    }

    /// The part of a line before `#`, without surrounding white space; by
    /// bytes when the line is ASCII, else as `ListText` finds it.
    private static func content(of line: Substring) -> Substring {
        // Most lines are an entry alone: ASCII, no comment, nothing to trim.
        let plain = line.utf8.withContiguousStorageIfAvailable { bytes in
            guard let first = bytes.first, let last = bytes.last, first > 0x20, last > 0x20 else { return false }
            return !bytes.contains { $0 >= 0x80 || $0 == UInt8(ascii: "#") }
        }
        if plain == true { return line }
        guard line.utf8.allSatisfy({ $0 < 0x80 }) else { return ListText<BlockEntry>.content(of: line) }
        let beforeComment = line.utf8.firstIndex(of: UInt8(ascii: "#")).map { line[..<$0] } ?? line
        return beforeComment.trimmingASCIIWhitespace()
    }
}
